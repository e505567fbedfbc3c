import { PARTICIPANT_ERRORS } from '@recovery-portal/contract/participants';
import { dataConnectionOf, type ParticipantTriageStatus } from '@recovery-portal/contract/review';
import type { Database } from '#app/db/client';
import { notFound } from '#app/lib/app-error';
import type { AuditValues } from '#app/core/audit/record-audit';
import * as repo from './review.repository';

/** The wire status of a triage reading taken at `now`. */
function toTriageStatus(
  participantId: number,
  triage: repo.TriageRow,
  now: Date,
): ParticipantTriageStatus {
  const { lastReviewedAt: reviewedAt, reviewerId, lastTelemetryAt } = triage;
  const connection = dataConnectionOf(lastTelemetryAt, now);
  return {
    user_id: participantId,
    last_reviewed_at: reviewedAt ? reviewedAt.toISOString() : null,
    // A review by an account since deleted keeps its time but no longer names anyone.
    last_reviewed_by:
      reviewedAt && reviewerId !== null
        ? { id: reviewerId, name: triage.reviewerName ?? '' }
        : null,
    last_telemetry_at: lastTelemetryAt ? lastTelemetryAt.toISOString() : null,
    days_without_data: connection.state === 'none' ? null : connection.days,
    data_stopped: connection.state !== 'current',
    open_flag_count: triage.openFlagCount ?? 0,
    top_open_severity: triage.topOpenSeverity,
  };
}

/** A participant's triage status as of `now`: last review, data connection, open flags. */
export async function triageStatus(
  db: Database,
  participantId: number,
  now: Date = new Date(),
): Promise<ParticipantTriageStatus> {
  return toTriageStatus(participantId, await repo.findTriage(db, participantId, now), now);
}

/**
 * The same status, read by the statement that writes the call's audit row (`audit`); NOT_FOUND,
 * not audited, for an unknown participant or a staff member.
 */
export async function auditedTriageStatus(
  db: Database,
  participantId: number,
  audit: AuditValues,
  now: Date = new Date(),
): Promise<ParticipantTriageStatus> {
  return toTriageStatus(
    participantId,
    await repo.auditedTriage(db, participantId, now, audit),
    now,
  );
}

/** Marks the participant reviewed now by `reviewerId`; 404 for an unknown participant. */
export async function markReviewed(
  db: Database,
  participantId: number,
  reviewerId: number,
): Promise<ParticipantTriageStatus> {
  if (!(await repo.markReviewed(db, participantId, reviewerId))) {
    throw notFound(PARTICIPANT_ERRORS.notFound(participantId));
  }
  return triageStatus(db, participantId);
}
