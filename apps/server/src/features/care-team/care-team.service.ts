import {
  CARE_TEAM_MESSAGES,
  type AssignResponsible,
  type AssignResponsibleResult,
  type AssignableStaff,
  type ParticipantCareTeam,
} from '@recovery-portal/contract/care-team';
import type { Database } from '#app/db/client';
import { AppError, notFound } from '#app/lib/app-error';
import type { AuditValues } from '#app/core/audit/record-audit';
import * as repo from './care-team.repository';

export interface AssignmentChange {
  result: AssignResponsibleResult;
  /** Each participant's responsible clinician before the change, for the audit trail. */
  previous: Map<number, number | null>;
}

/** Who can be assigned, read by the statement that writes the call's audit row. */
export function listAssignableStaff(db: Database, audit: AuditValues): Promise<AssignableStaff> {
  return repo.auditedAssignableStaff(db, audit);
}

/**
 * Makes one staff member responsible for the participants (or nobody, with null). All or
 * nothing: an unknown participant is a 404 and a staff member who cannot be assigned a 422, and
 * neither changes anything. Runs in the request's transaction, which the audit rows join.
 */
export async function assignResponsible(
  db: Database,
  request: AssignResponsible,
): Promise<AssignmentChange> {
  const { participant_ids: ids, clinician_id: clinicianId } = request;
  const responsible = clinicianId === null ? null : await repo.findAssignableStaff(db, clinicianId);
  if (clinicianId !== null && !responsible) {
    throw new AppError('UNPROCESSABLE', CARE_TEAM_MESSAGES.notAssignable(clinicianId));
  }
  const found = new Set(await repo.lockParticipants(db, ids));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) throw notFound(CARE_TEAM_MESSAGES.participantsNotFound(missing));
  const previous = await repo.setResponsible(db, ids, clinicianId);
  return { result: { participant_ids: [...ids], responsible: responsible ?? null }, previous };
}

/**
 * The participant's responsible clinician, read with the call's audit row (`audit`); NOT_FOUND,
 * not audited, for an unknown participant or a staff member's id.
 */
export async function participantCareTeam(
  db: Database,
  participantId: number,
  audit: AuditValues,
): Promise<ParticipantCareTeam> {
  return {
    user_id: participantId,
    responsible: await repo.auditedResponsible(db, participantId, audit),
  };
}
