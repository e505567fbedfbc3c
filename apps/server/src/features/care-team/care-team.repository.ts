import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { STAFF_ROLES } from '@recovery-portal/contract/users';
import type { AssignableStaff, CareTeamMember } from '@recovery-portal/contract/care-team';
import { preparedOutsideTransactions } from '#app/db/ambient-transaction';
import type { Database } from '#app/db/client';
import { users } from '#app/db/schema/users';
import { auditingQueryBuilder, type AuditValues } from '#app/core/audit/record-audit';
import {
  participantAudit,
  participantCte,
  participantRows,
} from '#app/core/audit/participant-read';
import { responsibleStaff, staffName } from '#app/core/staff-names';

/** Who can be made responsible or be given a task: active clinicians and administrators. */
const assignable = and(inArray(users.role, [...STAFF_ROLES]), eq(users.status, 'ACTIVATED'));

/**
 * Who can be assigned, by name, read by the statement that also writes the call's audit row with
 * how many it read (`{ count }`). Always the same statement, so it is prepared once and kept.
 */
const auditedAssignableStatement = preparedOutsideTransactions((db) => {
  const listed = db.$with('listed').as(
    db
      .select({ id: users.id, name: staffName(users).as('name'), role: users.role })
      .from(users)
      .where(assignable),
  );
  return auditingQueryBuilder(db, listed)
    .select()
    .from(listed)
    .orderBy(sql`lower(${listed.name})`, asc(listed.id))
    .prepare('care_team_staff_audited');
});

export async function auditedAssignableStaff(
  db: Database,
  audit: AuditValues,
): Promise<AssignableStaff> {
  const rows = await auditedAssignableStatement(db).execute(audit);
  return rows.flatMap((row) => (row.role === 'PARTICIPANT' ? [] : [{ ...row, role: row.role }]));
}

/** The staff member by id when they can be assigned; undefined otherwise. */
export async function findAssignableStaff(
  db: Database,
  id: number,
): Promise<CareTeamMember | undefined> {
  const [row] = await db
    .select({ id: users.id, name: staffName(users) })
    .from(users)
    .where(and(eq(users.id, id), assignable))
    .limit(1);
  return row;
}

/** Which of these ids are participants (locked, so the assignment that follows sees them). */
export async function lockParticipants(db: Database, ids: readonly number[]): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.role, 'PARTICIPANT')))
    .for('update');
  return rows.map((row) => row.id);
}

/** Sets (or clears) the responsible clinician of the participants; returns their previous ones. */
export async function setResponsible(
  db: Database,
  participantIds: readonly number[],
  clinicianId: number | null,
): Promise<Map<number, number | null>> {
  const previous = await db
    .select({ id: users.id, responsible: users.responsibleClinicianId })
    .from(users)
    .where(inArray(users.id, [...participantIds]));
  await db
    .update(users)
    .set({ responsibleClinicianId: clinicianId, updatedAt: sql`now()` })
    .where(and(inArray(users.id, [...participantIds]), eq(users.role, 'PARTICIPANT')));
  return new Map(previous.map((row) => [row.id, row.responsible]));
}

/**
 * The participant's responsible clinician in one statement with the call's audit row
 * (core/audit/participant-read.ts): no row for no participant. Always the same statement, so it
 * is prepared once and kept.
 */
const responsibleStatement = preparedOutsideTransactions((db) => {
  const participant = participantCte(db);
  return db
    .with(participant, participantAudit(db, participant))
    .select({ id: responsibleStaff.id, name: staffName(responsibleStaff) })
    .from(participant)
    .innerJoin(users, eq(users.id, participant.id))
    .leftJoin(responsibleStaff, eq(responsibleStaff.id, users.responsibleClinicianId))
    .prepare('participant_care_team_audited');
});

/** The participant's responsible clinician, if any, read with the call's audit row; 404 for no participant. */
export async function auditedResponsible(
  db: Database,
  participantId: number,
  audit: AuditValues,
): Promise<CareTeamMember | null> {
  const [row] = participantRows(
    await responsibleStatement(db).execute({ ...audit, participantId }),
    participantId,
  );
  return row.id === null ? null : { id: row.id, name: row.name ?? '' };
}
