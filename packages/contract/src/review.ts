import * as z from 'zod/mini';
import { FLAG_SEVERITIES, FLAG_SEVERITY_LABELS, type FlagSeverity } from './flags-constants';
import { participantIdField } from './participants';

/**
 * Review tracking and data-connection status (ADR 0012 'Review tracking'): who last reviewed a
 * participant and when, and whether their home telemetry stopped arriving.
 */

/** After this many whole days without a home measurement, a participant's data has stopped. */
export const DATA_STOPPED_AFTER_DAYS = 3;

const DAY_MS = 86_400_000;

/** A participant's data connection: never sent anything, gone quiet, or current. */
export type DataConnection =
  { state: 'none' } | { state: 'stopped'; days: number } | { state: 'current'; days: number };

/**
 * Classifies the latest home measurement time against `now`: whole days since it arrived, and
 * 'stopped' from DATA_STOPPED_AFTER_DAYS on. Server and portal share it so they never disagree.
 */
export function dataConnectionOf(
  lastTelemetryAt: string | Date | null,
  now: Date = new Date(),
): DataConnection {
  if (lastTelemetryAt === null) return { state: 'none' };
  const at =
    lastTelemetryAt instanceof Date ? lastTelemetryAt.getTime() : Date.parse(lastTelemetryAt);
  if (Number.isNaN(at)) return { state: 'none' };
  const days = Math.max(0, Math.floor((now.getTime() - at) / DAY_MS));
  return days >= DATA_STOPPED_AFTER_DAYS ? { state: 'stopped', days } : { state: 'current', days };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const REVIEW_MESSAGES = {
  neverReviewed: 'Never reviewed',
  lastReviewed: (when: string, by: string | null) =>
    by ? `Last reviewed ${when} by ${by}` : `Last reviewed ${when}`,
  noDataYet: 'No data yet',
  noDataFor: (days: number) => `No data for ${plural(days, 'day', 'days')}`,
  markReviewed: 'Mark reviewed',
  markedReviewed: 'Participant marked as reviewed.',
  markReviewedFailed: 'The participant could not be marked as reviewed. Please try again.',
  /** The accessible name of the open-flag indicator. */
  openFlags: (count: number, severity: FlagSeverity | null) =>
    severity === null
      ? plural(count, 'open flag', 'open flags')
      : `${plural(count, 'open flag', 'open flags')}, most severe ${FLAG_SEVERITY_LABELS[severity]}`,
  noOpenFlags: 'No open flags',
} as const;

/** The warning a data connection deserves, or null when data is current. */
export function dataConnectionWarning(connection: DataConnection): string | null {
  switch (connection.state) {
    case 'none':
      return REVIEW_MESSAGES.noDataYet;
    case 'stopped':
      return REVIEW_MESSAGES.noDataFor(connection.days);
    case 'current':
      return null;
  }
}

// ---------------------------------------------------------------------------------------------
// POST /api/user/review and GET /api/user/id/{id}/triage
// ---------------------------------------------------------------------------------------------

/** POST /api/user/review: the calling clinician has reviewed this participant now. */
export const markReviewedRequestSchema = z.object({ user_id: participantIdField() });

const timestamp = z.iso.datetime({ offset: true });

/** A participant's triage status (response `_data` of both calls). */
export const participantTriageStatusSchema = z.object({
  user_id: z.int(),
  last_reviewed_at: z.nullable(timestamp),
  /** Who reviewed last; null when never reviewed or the reviewer's account was deleted. */
  last_reviewed_by: z.nullable(z.object({ id: z.int(), name: z.string() })),
  /** The latest home (device or app) measurement; clinic values do not count. */
  last_telemetry_at: z.nullable(timestamp),
  /** Whole days since last_telemetry_at; null when no home data ever arrived. */
  days_without_data: z.nullable(z.int().check(z.nonnegative())),
  /** True when no home data ever arrived or none for DATA_STOPPED_AFTER_DAYS days or more. */
  data_stopped: z.boolean(),
  open_flag_count: z.int().check(z.nonnegative()),
  /** The most severe open flag's severity; null without open flags. */
  top_open_severity: z.nullable(z.enum(FLAG_SEVERITIES)),
});
export type ParticipantTriageStatus = z.infer<typeof participantTriageStatusSchema>;
