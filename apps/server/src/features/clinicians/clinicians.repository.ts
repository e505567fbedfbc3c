import { and, asc, eq, sql } from 'drizzle-orm';
import type { Clinician } from '@recovery-portal/contract/clinicians';
import type { UserStatus } from '@recovery-portal/contract/users';
import { preparedOutsideTransactions } from '#app/db/ambient-transaction';
import type { Database } from '#app/db/client';
import { users } from '#app/db/schema/users';
import { auditingQueryBuilder, type AuditValues } from '#app/core/audit/record-audit';

const clinicianColumns = {
  id: users.id,
  first_name: users.firstName,
  last_name: users.lastName,
  email: users.email,
  dea_reg_id: users.deaRegId,
  status: users.status,
};

const isClinician = eq(users.role, 'CLINICIAN');

/**
 * Every clinician by name, read by the statement that also writes the call's audit row with how
 * many it read (`{ count }`). Always the same statement, so it is prepared once and kept.
 */
const auditedCliniciansStatement = preparedOutsideTransactions((db) => {
  const listed = db.$with('listed').as(db.select(clinicianColumns).from(users).where(isClinician));
  return auditingQueryBuilder(db, listed)
    .select()
    .from(listed)
    .orderBy(
      asc(sql`lower(${listed.first_name})`),
      asc(sql`lower(${listed.last_name})`),
      asc(listed.id),
    )
    .prepare('clinicians_audited');
});

export function auditedClinicians(db: Database, audit: AuditValues): Promise<Clinician[]> {
  return auditedCliniciansStatement(db).execute(audit);
}

export async function findClinician(db: Database, id: number): Promise<Clinician | undefined> {
  const [row] = await db
    .select(clinicianColumns)
    .from(users)
    .where(and(eq(users.id, id), isClinician))
    .limit(1);
  return row;
}

/** The role of any user by id, to decide which kind of edit applies. */
export async function findUserKind(db: Database, id: number) {
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

/** Reg Ids are compared without regard to case: 'ab123' and 'AB123' are the same registration. */
export async function regIdTaken(db: Database, regId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.deaRegId}) = lower(${regId})`)
    .limit(1);
  return !!row;
}

/** A clinician without a password, waiting to set one through the emailed link. */
export async function insertPendingClinician(
  db: Database,
  clinician: { email: string; firstName: string; lastName: string; regId: string },
): Promise<Clinician> {
  const [row] = await db
    .insert(users)
    .values({
      role: 'CLINICIAN',
      status: 'PENDING_ACTIVATION',
      email: clinician.email.toLowerCase(),
      passwordHash: null,
      firstName: clinician.firstName,
      lastName: clinician.lastName,
      deaRegId: clinician.regId,
      invitedAt: new Date(),
    })
    .returning(clinicianColumns);
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateClinicianName(
  db: Database,
  id: number,
  name: { firstName: string; lastName: string },
): Promise<Clinician | undefined> {
  const [row] = await db
    .update(users)
    .set({ firstName: name.firstName, lastName: name.lastName, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), isClinician))
    .returning(clinicianColumns);
  return row;
}

export async function setClinicianStatus(
  db: Database,
  id: number,
  status: UserStatus,
): Promise<Clinician | undefined> {
  const [row] = await db
    .update(users)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), isClinician))
    .returning(clinicianColumns);
  return row;
}
