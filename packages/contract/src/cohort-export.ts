import * as z from 'zod/mini';
import { isCalendarDate } from './calendar-dates';
import { exportFileName, rangePart } from './export-file-name';
import {
  cohortFilterFields,
  MAX_NOT_REVIEWED_DAYS,
  MAX_SEARCH_KEY_LENGTH,
  PARTICIPANT_ERRORS,
  PARTICIPANT_STATUS_LABELS,
  surgeryRangeInOrder,
  type ParticipantListQuery,
  type ParticipantStatusFilter,
} from './participants';
import { DEFAULT_PARTICIPANT_TYPE, participantTypeSchema, userStatusSchema } from './users';

/**
 * GET /api/user/outcomes-export: the published outcome scores of every participant the list's
 * filter holds (type tab, status, search, not reviewed, Mine, overdue tasks, group, surgery days,
 * programme), one CSV row per
 * participant, score and timepoint (ADR 0019 'Cohort export'). Paging and sorting do not apply.
 */
export const cohortExportQuerySchema = z
  .object({
    type: z._default(participantTypeSchema, DEFAULT_PARTICIPANT_TYPE),
    status: z.pipe(
      z.optional(
        z.union([z.literal(''), userStatusSchema], { error: PARTICIPANT_ERRORS.statusInvalid }),
      ),
      z.transform((value): ParticipantStatusFilter => value ?? ''),
    ),
    search_key: z.pipe(
      z.optional(
        z
          .string({ error: PARTICIPANT_ERRORS.searchNotText })
          .check(z.trim(), z.maxLength(MAX_SEARCH_KEY_LENGTH, PARTICIPANT_ERRORS.searchTooLong)),
      ),
      z.transform((value) => value ?? ''),
    ),
    not_reviewed_days: z.pipe(
      z.pipe(
        z.transform((value: unknown) =>
          value === ''
            ? undefined
            : typeof value === 'string' && /^\d{1,6}$/.test(value)
              ? Number(value)
              : value,
        ),
        z.optional(
          z
            .number({ error: PARTICIPANT_ERRORS.notReviewedDaysInvalid })
            .check(
              z.int(PARTICIPANT_ERRORS.notReviewedDaysInvalid),
              z.minimum(1, PARTICIPANT_ERRORS.notReviewedDaysInvalid),
              z.maximum(MAX_NOT_REVIEWED_DAYS, PARTICIPANT_ERRORS.notReviewedDaysInvalid),
            ),
        ),
      ),
      z.transform((value) => value ?? null),
    ),
    /** `true`: only the caller's caseload, as the list's Mine. */
    mine: z.pipe(
      z.optional(z.enum(['true', 'false'], { error: PARTICIPANT_ERRORS.mineInvalid })),
      z.transform((value) => value === 'true'),
    ),
    overdue_before: z.pipe(
      z.optional(
        z
          .string({ error: PARTICIPANT_ERRORS.overdueBeforeInvalid })
          .check(z.refine(isCalendarDate, PARTICIPANT_ERRORS.overdueBeforeInvalid)),
      ),
      z.transform((value) => value ?? null),
    ),
    ...cohortFilterFields,
  })
  .check(
    z.refine(surgeryRangeInOrder, {
      error: PARTICIPANT_ERRORS.surgeryRangeInvalid,
      path: ['surgery_to'],
    }),
  );
export type CohortExportQuery = z.output<typeof cohortExportQuerySchema>;

/** The export's query string for the list's current filter (its paging and sort left out). */
export function cohortExportParams(query: ParticipantListQuery): Record<string, string> {
  const params: Record<string, string> = {
    type: query.type,
    status: query.status,
    search_key: query.search_key,
    not_reviewed_days: query.not_reviewed_days === null ? '' : String(query.not_reviewed_days),
    mine: query.mine ? 'true' : '',
    overdue_before: query.overdue_before ?? '',
    group: query.group,
    surgery_from: query.surgery_from,
    surgery_to: query.surgery_to,
    programme: query.programme,
  };
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== ''));
}

/** The filters an outcome export is named after (the list's and the export's share them). */
export type CohortExportFilter = Pick<
  ParticipantListQuery,
  | 'type'
  | 'status'
  | 'search_key'
  | 'not_reviewed_days'
  | 'mine'
  | 'overdue_before'
  | 'group'
  | 'surgery_from'
  | 'surgery_to'
  | 'programme'
>;

/**
 * The export's file name after its filter, e.g.
 * outcome-scores-pilot-active-group-knee-recovery-knee-2026-11-26.csv (export-file-name.ts).
 */
export function cohortExportFileName(filter: CohortExportFilter, isoDate: string): string {
  return exportFileName(
    'outcome-scores',
    [
      filter.type,
      filter.status && PARTICIPANT_STATUS_LABELS[filter.status],
      filter.mine && 'mine',
      filter.group && `group ${filter.group}`,
      filter.programme,
      rangePart('surgery', filter.surgery_from, filter.surgery_to),
      filter.not_reviewed_days !== null && `not reviewed ${filter.not_reviewed_days} days`,
      filter.overdue_before !== null && 'overdue tasks',
      filter.search_key && 'search',
    ],
    isoDate,
  );
}

/**
 * The columns of the export, in order, with what each holds: the README's column dictionary is
 * this list. Scores are the instruments' published scores as the outcome chart shows them.
 */
export const OUTCOME_EXPORT_COLUMNS = [
  ['participant_id', "The participant's id in the portal"],
  ['first_name', 'First name'],
  ['last_name', 'Last name'],
  ['mrn', "The clinic's medical record number; empty without one"],
  ['birth_date', 'Date of birth (YYYY-MM-DD); empty when not recorded'],
  ['participant_type', 'Internal, Pilot or Demo'],
  ['group', "The participant's group; empty without one"],
  [
    'programme',
    'Recovery programme (KNEE, HIP, CARDIAC, GENERAL); empty for a procedure outside them',
  ],
  ['surgery_date', 'Day of the latest surgery (YYYY-MM-DD); empty without one'],
  ['procedure', 'Procedure of the latest surgery'],
  ['side', 'Side of the latest surgery'],
  ['questionnaire', 'Title of the questionnaire'],
  [
    'measure',
    'Published score: KOOS_JR (KOOS JR interval score), HOOS_JR (HOOS JR interval score), PROMIS_GPH (Global Physical Health T-score), PROMIS_GMH (Global Mental Health T-score), PROMIS_PI_4A (Pain Interference T-score)',
  ],
  ['scale', 'Range and direction of the score, e.g. 0–100, 100 = best'],
  ['timepoint', 'PRE_OP, WEEK_6, MONTH_3, MONTH_6 or MONTH_12'],
  ['submitted_on', 'When the questionnaire was submitted (ISO 8601, UTC)'],
  [
    'score',
    'The published score with the decimals the instrument reports; empty when not scorable',
  ],
  [
    'change_from_preop',
    'Change from the PreOp score with the instrument’s decimals, positive = better and negative = worse whichever way the scale runs (a lower Pain Interference T-score is better); empty without both',
  ],
  [
    'status',
    'IMPROVING or NOT_IMPROVING against the MCID (from 3 Months) and PASS (from 6 Months); empty before',
  ],
  ['not_scorable_reason', "Why a submitted response has no score under the instrument's rules"],
  ['mcid', 'Published minimal clinically important difference used; empty where none is entered'],
  ['pass', 'Published patient-acceptable symptom state used; empty where none is entered'],
] as const;

export const OUTCOME_EXPORT_HEADER = OUTCOME_EXPORT_COLUMNS.map(([name]) => name);

export const OUTCOME_EXPORT_MESSAGES = {
  button: 'Export outcomes (CSV)',
  downloaded: (fileName: string) => `Outcome scores exported as ${fileName}.`,
} as const;
