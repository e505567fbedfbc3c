import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '#app/db/client';
import { fhirBackendClients, fhirClientAssertions } from '#app/db/schema/fhir-clients';
import { users } from '#app/db/schema/users';

export async function insertBackendClient(
  db: Database,
  client: { id: string; name: string; publicKey: Record<string, unknown>; createdBy: number },
) {
  await db.insert(fhirBackendClients).values(client);
}

/** Live (not revoked) clients with who registered them, oldest first. */
export function listBackendClients(db: Database) {
  return db
    .select({
      id: fhirBackendClients.id,
      name: fhirBackendClients.name,
      publicKey: fhirBackendClients.publicKey,
      createdAt: fhirBackendClients.createdAt,
      createdBy: users.email,
    })
    .from(fhirBackendClients)
    .leftJoin(users, eq(users.id, fhirBackendClients.createdBy))
    .where(isNull(fhirBackendClients.revokedAt))
    .orderBy(asc(fhirBackendClients.createdAt), asc(fhirBackendClients.id));
}
export type BackendClientRow = Awaited<ReturnType<typeof listBackendClients>>[number];

export async function findLiveBackendClient(db: Database, id: string) {
  const [row] = await db
    .select({
      id: fhirBackendClients.id,
      name: fhirBackendClients.name,
      publicKey: fhirBackendClients.publicKey,
    })
    .from(fhirBackendClients)
    .where(and(eq(fhirBackendClients.id, id), isNull(fhirBackendClients.revokedAt)));
  return row;
}

export async function revokeBackendClient(db: Database, id: string): Promise<boolean> {
  const rows = await db
    .update(fhirBackendClients)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(fhirBackendClients.id, id), isNull(fhirBackendClients.revokedAt)))
    .returning({ id: fhirBackendClients.id });
  return rows.length === 1;
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
