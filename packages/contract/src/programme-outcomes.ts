import * as z from 'zod/mini';
import { FLAG_STATUSES } from './flags';
import { measureSchema } from './instruments';
import { cohortFilterFields, PARTICIPANT_ERRORS, surgeryRangeInOrder } from './participants';
import { surveyTimepointSchema, type SurveyTimepoint } from './surveys';
import { DEFAULT_PARTICIPANT_TYPE, participantTypeSchema } from './users';

/**
 * GET /api/outcomes/programme (and its CSV and FHIR forms): how the programme as a whole is doing
 * for the filters clinicians know from the participant list (type tab, programme, group,
 * surgery days, Mine). Every figure is computed by the database from the stored scores.
 */
export const programmeOutcomesQuerySchema = z
  .object({
    type: z._default(participantTypeSchema, DEFAULT_PARTICIPANT_TYPE),
    /** `true`: only the caller's caseload, as the list's Mine. */
    mine: z.pipe(
      z.optional(z.enum(['true', 'false'], { error: PARTICIPANT_ERRORS.mineInvalid })),
      z.transform((value) => value === 'true'),
    ),
    ...cohortFilterFields,
  })
  .check(
    z.refine(surgeryRangeInOrder, {
      error: PARTICIPANT_ERRORS.surgeryRangeInvalid,
      path: ['surgery_to'],
    }),
  );
export type ProgrammeOutcomesQuery = z.output<typeof programmeOutcomesQuerySchema>;

/** The query string of a filter state, empties left out (the screen's calls and downloads). */
export function programmeOutcomesParams(query: ProgrammeOutcomesQuery): Record<string, string> {
  const params: Record<string, string> = {
    type: query.type,
    mine: query.mine ? 'true' : '',
    programme: query.programme,
    group: query.group,
    surgery_from: query.surgery_from,
    surgery_to: query.surgery_to,
  };
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== ''));
}

/**
 * The filters in words, for a file's header and the screen: 'type Internal · programme KNEE'
 * (no comma or semicolon of its own, so a CSV comment line stays one unquoted cell).
 */
export function programmeOutcomesFilterText(query: ProgrammeOutcomesQuery): string {
  const parts = [
    `type ${query.type}`,
    query.mine ? 'mine only' : null,
    query.programme ? `programme ${query.programme}` : null,
    query.group ? `group ${query.group}` : null,
    query.surgery_from ? `surgery from ${query.surgery_from}` : null,
    query.surgery_to ? `surgery to ${query.surgery_to}` : null,
  ];
  return parts.filter((part): part is string => part !== null).join(' · ');
}

/** Which threshold a rate counts, and at which timepoint it is counted. */
export const OUTCOME_RATE_KINDS = ['MCID', 'PASS', 'SCB'] as const;
export type OutcomeRateKind = (typeof OUTCOME_RATE_KINDS)[number];
export const OUTCOME_RATE_TIMEPOINTS: Record<OutcomeRateKind, SurveyTimepoint> = {
  MCID: 'MONTH_3',
  PASS: 'MONTH_6',
  SCB: 'MONTH_12',
};
export const OUTCOME_RATE_LABELS: Record<OutcomeRateKind, string> = {
  MCID: 'Reached the MCID at 3 months',
  PASS: 'Reached the PASS at 6 months',
  SCB: 'Reached the substantial clinical benefit at 12 months',
};

/** The cohort's scores at one timepoint: quartiles only from COHORT_MIN_N participants on. */
export const programmePointSchema = z.object({
  timepoint: surveyTimepointSchema,
  label: z.string(),
  n: z.int().check(z.nonnegative()),
  p25: z.nullable(z.number()),
  median: z.nullable(z.number()),
  p75: z.nullable(z.number()),
});
export type ProgrammePoint = z.infer<typeof programmePointSchema>;

/**
 * Share of the cohort that reached a threshold: `eligible` participants have the scores it needs
 * (PreOp and the timepoint for an improvement, the timepoint for the PASS), `reached` of them
 * reached it; `percent` is null with no one eligible. `published` is what the publications
 * report for the same threshold (evidence file), to read the clinic's share against.
 */
export const programmeRateSchema = z.object({
  kind: z.enum(OUTCOME_RATE_KINDS),
  timepoint: surveyTimepointSchema,
  threshold: z.number(),
  eligible: z.int().check(z.nonnegative()),
  reached: z.int().check(z.nonnegative()),
  percent: z.nullable(z.number()),
  published: z.array(z.object({ percent: z.number(), text: z.string(), cite: z.string() })),
});
export type ProgrammeRate = z.infer<typeof programmeRateSchema>;

/** Questionnaires due at a timepoint (submitted, or past their day and not marked NA). */
export const programmeCompletionSchema = z.object({
  timepoint: surveyTimepointSchema,
  due: z.int().check(z.nonnegative()),
  submitted: z.int().check(z.nonnegative()),
  percent: z.nullable(z.number()),
});

export const programmeMeasureSchema = z.object({
  measure: measureSchema,
  label: z.string(),
  name: z.string(),
  min: z.number(),
  max: z.number(),
  higher_is_better: z.boolean(),
  scale_text: z.string(),
  /** Participants with at least one score of this measure. */
  n: z.int().check(z.nonnegative()),
  points: z.array(programmePointSchema).check(z.length(5)),
  rates: z.array(programmeRateSchema),
  completion: z.array(programmeCompletionSchema).check(z.length(5)),
});
export type ProgrammeMeasure = z.infer<typeof programmeMeasureSchema>;

/** The thresholds a score can fall short of, as the chart's "not improving" marker judges it. */
const BEHIND_SHORTFALLS = ['MCID', 'PASS'] as const;

/**
 * A participant of the cohort whose latest score of a measure is not improving as expected: the
 * same judgement as the chart's marker (from 3 Months an improvement from PreOp smaller than the
 * MCID; from 6 Months a score on the wrong side of the PASS), with the state of their flag.
 */
export const behindParticipantSchema = z.object({
  user_id: z.int(),
  first_name: z.string(),
  last_name: z.string(),
  measure: measureSchema,
  label: z.string(),
  /** The latest submitted score of that measure, its timepoint and change from PreOp. */
  latest_timepoint: surveyTimepointSchema,
  latest_score: z.number(),
  /** Change from PreOp in the better direction (positive is better); null without a PreOp score. */
  improvement: z.nullable(z.number()),
  /** Which thresholds the latest score falls short of, each with its value. */
  short_of: z
    .array(z.object({ kind: z.enum(BEHIND_SHORTFALLS), threshold: z.number() }))
    .check(z.minLength(1)),
  /**
   * OPEN while any of the participant's "Not improving as expected" flags on this score is open;
   * null when none was raised (triage raises them for recent questionnaires only).
   */
  flag_status: z.nullable(z.enum(FLAG_STATUSES)),
  detected_at: z.nullable(z.iso.datetime({ offset: true })),
});
export type BehindParticipant = z.infer<typeof behindParticipantSchema>;

/** At most this many participants behind are listed; `behind_total` counts them all. */
export const MAX_BEHIND_LISTED = 50;

export const programmeOutcomesSchema = z.object({
  /** Participants the filters hold. */
  participants: z.int().check(z.nonnegative()),
  /** True when any score counted was written by the demo generator. */
  demo: z.boolean(),
  measures: z.array(programmeMeasureSchema),
  behind: z.array(behindParticipantSchema),
  behind_total: z.int().check(z.nonnegative()),
});
export type ProgrammeOutcomes = z.infer<typeof programmeOutcomesSchema>;

export function programmeOutcomesFileName(isoDate: string, extension: 'csv' | 'json'): string {
  return `programme-outcomes-${isoDate}.${extension}`;
}

export const PROGRAMME_OUTCOMES_MESSAGES = {
  title: 'Programme outcomes',
  demo: 'Demo data: some or all of these scores were written by the demo generator.',
  csvButton: 'Download CSV',
  fhirButton: 'Download FHIR',
  downloaded: (fileName: string) => `Programme outcomes saved as ${fileName}.`,
} as const;
