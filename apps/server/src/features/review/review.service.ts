import { PARTICIPANT_ERRORS } from '@recovery-portal/contract/participants';
import { dataConnectionOf, type ParticipantTriageStatus } from '@recovery-portal/contract/review';
import type { Database } from '#app/db/client';
import { notFound } from '#app/lib/app-error';
import { requireParticipant } from '#app/core/participant-lookup';
import * as repo from './review.repository';

/** A participant's triage status as of `now`: last review, data connection, open flags. */
export async function triageStatus(
  db: Database,
  participantId: number,
  now: Date = new Date(),
): Promise<ParticipantTriageStatus> {
  await requireParticipant(db, participantId);
  const [triage, lastTelemetryAt] = await Promise.all([
    repo.findTriage(db, participantId),
    repo.lastHomeMeasurementAt(db, participantId, now),
  ]);
  const connection = dataConnectionOf(lastTelemetryAt, now);
  const reviewedAt = triage?.lastReviewedAt ?? null;
  const reviewerId = triage?.reviewerId ?? null;
  return {
    user_id: participantId,
    last_reviewed_at: reviewedAt ? reviewedAt.toISOString() : null,
    // A review by an account since deleted keeps its time but no longer names anyone.
    last_reviewed_by:
      reviewedAt && reviewerId !== null
        ? { id: reviewerId, name: triage?.reviewerName ?? '' }
        : null,
    last_telemetry_at: lastTelemetryAt ? lastTelemetryAt.toISOString() : null,
    days_without_data: connection.state === 'none' ? null : connection.days,
    data_stopped: connection.state !== 'current',
    open_flag_count: triage?.openFlagCount ?? 0,
    top_open_severity: triage?.topOpenSeverity ?? null,
  };
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
