import * as z from 'zod/mini';
import { participantIdField } from './participants';

export const PAIN_BODY_SITES = [
  'LEFT_KNEE',
  'RIGHT_KNEE',
  'LEFT_HIP',
  'RIGHT_HIP',
  'LEFT_SHOULDER',
  'RIGHT_SHOULDER',
  'LOWER_BACK',
  'CHEST',
  'OTHER',
] as const;
export const painBodySiteSchema = z.enum(PAIN_BODY_SITES, {
  error: 'Choose a body site from the list.',
});
export type PainBodySite = z.infer<typeof painBodySiteSchema>;

export const PAIN_BODY_SITE_LABELS: Record<PainBodySite, string> = {
  LEFT_KNEE: 'Left knee',
  RIGHT_KNEE: 'Right knee',
  LEFT_HIP: 'Left hip',
  RIGHT_HIP: 'Right hip',
  LEFT_SHOULDER: 'Left shoulder',
  RIGHT_SHOULDER: 'Right shoulder',
  LOWER_BACK: 'Lower back',
  CHEST: 'Chest',
  OTHER: 'Other',
};

/** Who entered a pain report: a clinician in the portal, the participant's app, or the simulation. */
export const PAIN_LOG_SOURCES = ['CLINICIAN', 'PARTICIPANT', 'SIMULATION'] as const;
export const painLogSourceSchema = z.enum(PAIN_LOG_SOURCES);
export type PainLogSource = z.infer<typeof painLogSourceSchema>;

export const PAIN_SCORE_MIN = 0;
export const PAIN_SCORE_MAX = 10;
export const MAX_PAIN_NOTE_LENGTH = 1000;
export const PAIN_LAST_N_MAX = 200;
/** How many reports the Pain section's chart and the recovery report show. */
export const PAIN_LOG_COUNT = 30;
/** Earliest accepted recorded_at. */
export const PAIN_RECORDED_AT_MIN = '2000-01-01T00:00:00Z';
/** recorded_at may run this far ahead of the server clock (clock skew of the caller). */
export const PAIN_RECORDED_AT_SKEW_MS = 5 * 60_000;

export const PAIN_MESSAGES = {
  scoreInvalid: `The pain score must be a whole number from ${PAIN_SCORE_MIN} to ${PAIN_SCORE_MAX}.`,
  recordedAtInvalid:
    'recorded_at must be a date and time with a time zone, e.g. 2026-03-01T09:30:00Z.',
  recordedAtOutOfRange: 'recorded_at must not be in the future nor before the year 2000.',
  noteInvalid: 'The note must be text.',
  noteTooLong: `The note must be at most ${MAX_PAIN_NOTE_LENGTH} characters.`,
  nInvalid: `n must be a whole number from 1 to ${PAIN_LAST_N_MAX}.`,
  recorded: 'Pain score recorded.',
} as const;

const painScoreSchema = z
  .number({ error: PAIN_MESSAGES.scoreInvalid })
  .check(
    z.int(PAIN_MESSAGES.scoreInvalid),
    z.gte(PAIN_SCORE_MIN, PAIN_MESSAGES.scoreInvalid),
    z.lte(PAIN_SCORE_MAX, PAIN_MESSAGES.scoreInvalid),
  );

/** POST /api/pain/reported-pain-log — recorded_at defaults to now; an empty note is no note. */
export const reportPainRequestSchema = z.object({
  user_id: participantIdField(),
  score: painScoreSchema,
  recorded_at: z.optional(
    z.iso.datetime({ offset: true, error: PAIN_MESSAGES.recordedAtInvalid }).check(
      z.refine(
        (value) => {
          const at = Date.parse(value);
          return (
            at >= Date.parse(PAIN_RECORDED_AT_MIN) && at <= Date.now() + PAIN_RECORDED_AT_SKEW_MS
          );
        },
        { error: PAIN_MESSAGES.recordedAtOutOfRange },
      ),
    ),
  ),
  body_site: painBodySiteSchema,
  note: z.pipe(
    z.nullish(
      z
        .string({ error: PAIN_MESSAGES.noteInvalid })
        .check(z.trim(), z.maxLength(MAX_PAIN_NOTE_LENGTH, PAIN_MESSAGES.noteTooLong)),
    ),
    z.transform((value) => (value ? value : null)),
  ),
});
export type ReportPainRequest = z.input<typeof reportPainRequestSchema>;

/** POST /api/pain/last-n/log */
export const lastPainLogsRequestSchema = z.object({
  user_id: participantIdField(),
  n: z
    .number({ error: PAIN_MESSAGES.nInvalid })
    .check(
      z.int(PAIN_MESSAGES.nInvalid),
      z.gte(1, PAIN_MESSAGES.nInvalid),
      z.lte(PAIN_LAST_N_MAX, PAIN_MESSAGES.nInvalid),
    ),
});
export type LastPainLogsRequest = z.output<typeof lastPainLogsRequestSchema>;

/**
 * One pain report. `recorded_by` is the staff member who entered it (source CLINICIAN; null
 * once that account is deleted, and for the other sources).
 */
export const painLogSchema = z.object({
  id: z.int(),
  user_id: z.int(),
  score: z.int().check(z.gte(PAIN_SCORE_MIN), z.lte(PAIN_SCORE_MAX)),
  recorded_at: z.iso.datetime({ offset: true }),
  body_site: painBodySiteSchema,
  note: z.nullable(z.string()),
  source: painLogSourceSchema,
  recorded_by: z.nullable(z.int()),
});
export type PainLog = z.infer<typeof painLogSchema>;

/** The last n entries, newest recorded_at first. */
export const painLogListSchema = z.array(painLogSchema);
