import { and, asc, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  scopesReachPatientData,
  type FhirClient,
  type FhirClientStatus,
} from '@recovery-portal/contract/fhir-clients';
import { preparedOutsideTransactions } from '#app/db/ambient-transaction';
import type { Database } from '#app/db/client';
import { fhirBackendClients, fhirClientAssertions } from '#app/db/schema/fhir-clients';
import { users } from '#app/db/schema/users';
import { auditingQueryBuilder, type AuditValues } from '#app/core/audit/record-audit';

const registrars = alias(users, 'registrars');
const approvers = alias(users, 'approvers');

/** Active administrators: the people who may approve a client, and who are told of it. */
const activeAdministrator = and(eq(users.role, 'ADMINISTRATOR'), eq(users.status, 'ACTIVATED'));

function statusOf(row: { approvedAt: Date | null; revokedAt: Date | null }): FhirClientStatus {
  if (row.revokedAt) return 'revoked';
  return row.approvedAt ? 'active' : 'pending';
}

/** A client's own columns; who registered and approved it come from the joined users. */
const clientColumns = {
  id: fhirBackendClients.id,
  kind: fhirBackendClients.kind,
  name: fhirBackendClients.name,
  publicKey: fhirBackendClients.publicKey,
  redirectUris: fhirBackendClients.redirectUris,
  scopes: fhirBackendClients.scopes,
  createdAt: fhirBackendClients.createdAt,
  createdById: fhirBackendClients.createdBy,
  approvedAt: fhirBackendClients.approvedAt,
  approvedById: fhirBackendClients.approvedBy,
  revokedAt: fhirBackendClients.revokedAt,
};

function selectClients(db: Database) {
  return db
    .select({ ...clientColumns, createdBy: registrars.email, approvedBy: approvers.email })
    .from(fhirBackendClients)
    .leftJoin(registrars, eq(registrars.id, fhirBackendClients.createdBy))
    .leftJoin(approvers, eq(approvers.id, fhirBackendClients.approvedBy));
}
type FhirClientRow = NonNullable<Awaited<ReturnType<typeof findFhirClient>>>;

/** A client as the FHIR clients screen shows it. */
export function toFhirClient(row: FhirClientRow): FhirClient {
  return {
    client_id: row.id,
    name: row.name,
    kind: row.kind,
    key_type: typeof row.publicKey?.kty === 'string' ? row.publicKey.kty : '',
    redirect_uris: row.redirectUris,
    scopes: row.scopes,
    // A participant app reaches the data of whoever signs in to it.
    reaches_patient_data: row.kind === 'public' || scopesReachPatientData(row.scopes),
    status: statusOf(row),
    created_at: row.createdAt.toISOString(),
    created_by: row.createdBy,
    created_by_id: row.createdById,
    approved_at: row.approvedAt?.toISOString() ?? null,
    approved_by: row.approvedBy,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

export async function insertFhirClient(
  db: Database,
  client: {
    id: string;
    name: string;
    scopes: string[];
    createdBy: number;
    /** Set for a client that needs no approval: it is active from the start. */
    approvedAt: Date | null;
  } & (
    | { kind: 'system'; publicKey: Record<string, unknown> }
    | { kind: 'public'; redirectUris: string[] }
  ),
) {
  await db.insert(fhirBackendClients).values(client);
}

/**
 * Every client, revoked ones too, with who registered and approved them, oldest first, and how
 * many active administrators there are, read by the statement that writes the call's audit row:
 * one row per client, or one with a null client when there is none. Always the same statement,
 * so it is prepared once and kept.
 */
const auditedClientsStatement = preparedOutsideTransactions((db) =>
  auditingQueryBuilder(db)
    .select({
      activeAdministrators: sql<number>`(select count(*)::int from ${users} where ${activeAdministrator})`,
      client: clientColumns,
      createdBy: registrars.email,
      approvedBy: approvers.email,
    })
    .from(sql`(select 1) as one`)
    .leftJoin(fhirBackendClients, sql`true`)
    .leftJoin(registrars, eq(registrars.id, fhirBackendClients.createdBy))
    .leftJoin(approvers, eq(approvers.id, fhirBackendClients.approvedBy))
    .orderBy(asc(fhirBackendClients.createdAt), asc(fhirBackendClients.id))
    .prepare('fhir_clients_audited'),
);

export async function auditedFhirClients(
  db: Database,
  audit: AuditValues,
): Promise<{ clients: FhirClientRow[]; activeAdministrators: number }> {
  const rows = await auditedClientsStatement(db).execute(audit);
  return {
    clients: rows.flatMap(({ client, createdBy, approvedBy }) =>
      client ? [{ ...client, createdBy, approvedBy }] : [],
    ),
    activeAdministrators: rows[0]?.activeAdministrators ?? 0,
  };
}

/** One client in any state, or undefined. */
export async function findFhirClient(db: Database, id: string) {
  const [row] = await selectClients(db).where(eq(fhirBackendClients.id, id));
  return row;
}

export async function countActiveAdministrators(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(activeAdministrator);
  return row?.n ?? 0;
}

/** Email addresses of the active administrators. */
export async function activeAdministratorEmails(db: Database): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(activeAdministrator)
    .orderBy(asc(users.id));
  return rows.map((row) => row.email);
}

/**
 * Activates a pending client in one statement, so that a concurrent approval or revocation
 * cannot slip between the checks and the change: only by an administrator other than the one
 * who registered it, and only while the clinic has at least two active administrators.
 */
export async function approveFhirClient(
  db: Database,
  id: string,
  approverId: number,
): Promise<boolean> {
  const rows = await db
    .update(fhirBackendClients)
    .set({ approvedAt: sql`now()`, approvedBy: approverId })
    .where(
      and(
        eq(fhirBackendClients.id, id),
        isNull(fhirBackendClients.revokedAt),
        isNull(fhirBackendClients.approvedAt),
        or(isNull(fhirBackendClients.createdBy), ne(fhirBackendClients.createdBy, approverId)),
        sql`(select count(*) from ${users} where ${activeAdministrator}) >= 2`,
      ),
    )
    .returning({ id: fhirBackendClients.id });
  return rows.length === 1;
}

/** Revokes a live client; its registrar and approver, or undefined when none was live. */
export async function revokeFhirClient(db: Database, id: string) {
  const [row] = await db
    .update(fhirBackendClients)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(fhirBackendClients.id, id), isNull(fhirBackendClients.revokedAt)))
    .returning({
      createdBy: fhirBackendClients.createdBy,
      approvedBy: fhirBackendClients.approvedBy,
    });
  return row;
}

/** A live (not revoked) system client, active or awaiting approval. */
export async function findLiveSystemClient(db: Database, id: string) {
  const [row] = await db
    .select({
      id: fhirBackendClients.id,
      name: fhirBackendClients.name,
      publicKey: fhirBackendClients.publicKey,
      scopes: fhirBackendClients.scopes,
      active: sql<boolean>`${fhirBackendClients.approvedAt} is not null`,
      createdBy: fhirBackendClients.createdBy,
      approvedBy: fhirBackendClients.approvedBy,
    })
    .from(fhirBackendClients)
    .where(
      and(
        eq(fhirBackendClients.id, id),
        eq(fhirBackendClients.kind, 'system'),
        isNull(fhirBackendClients.revokedAt),
      ),
    );
  return row;
}

/** Records an assertion's jti; false when it was used before (a replay). */
export async function useAssertion(
  db: Database,
  clientId: string,
  jti: string,
  expiresAt: Date,
): Promise<boolean> {
  await db.delete(fhirClientAssertions).where(lt(fhirClientAssertions.expiresAt, sql`now()`));
  const rows = await db
    .insert(fhirClientAssertions)
    .values({ clientId, jti, expiresAt })
    .onConflictDoNothing()
    .returning({ jti: fhirClientAssertions.jti });
  return rows.length === 1;
}
