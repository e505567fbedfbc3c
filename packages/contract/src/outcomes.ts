import { z } from 'zod';
import { participantIdField } from './profile';
import { surgeryProcedureSchema, type SurgeryProcedure } from './surgery';
import { surveyTimepointSchema, type SurveyTimepoint } from './surveys';

// ---------------------------------------------------------------------------------------------
// Programmes and their expected recovery curves
// ---------------------------------------------------------------------------------------------

/**
 * The recovery programmes a participant follows. GENERAL is the programme as a whole (its usual
 * mix of knee, hip and cardiac patients), used when neither a surgery nor the participant's
 * group names the procedure.
 */
export const RECOVERY_PROGRAMMES = ['KNEE', 'HIP', 'CARDIAC', 'GENERAL'] as const;
export const recoveryProgrammeSchema = z.enum(RECOVERY_PROGRAMMES);
export type RecoveryProgramme = z.infer<typeof recoveryProgrammeSchema>;

export const RECOVERY_PROGRAMME_LABELS: Record<RecoveryProgramme, string> = {
  KNEE: 'Knee replacement programme',
  HIP: 'Hip replacement programme',
  CARDIAC: 'Cardiac surgery programme',
  GENERAL: 'General recovery programme',
};

/**
 * The programme a recorded procedure belongs to. Procedures the programme has no outcome data
 * for (ACL, shoulder, spine, …) have none: comparing them with a joint replacement's recovery
 * would mislead.
 */
export const PROGRAMME_OF_PROCEDURE: Record<SurgeryProcedure, RecoveryProgramme | null> = {
  TOTAL_KNEE_REPLACEMENT: 'KNEE',
  PARTIAL_KNEE_REPLACEMENT: 'KNEE',
  TOTAL_HIP_REPLACEMENT: 'HIP',
  HIP_RESURFACING: 'HIP',
  CORONARY_ARTERY_BYPASS_GRAFT: 'CARDIAC',
  ACL_RECONSTRUCTION: null,
  MENISCUS_REPAIR: null,
  ROTATOR_CUFF_REPAIR: null,
  TOTAL_SHOULDER_REPLACEMENT: null,
  SPINAL_FUSION: null,
  OTHER: null,
};

/** Participant groups that stand for one programme; any other group follows GENERAL. */
export const PROGRAMME_OF_GROUP: Readonly<Record<string, RecoveryProgramme>> = {
  'Knee Recovery': 'KNEE',
  'Hip Recovery': 'HIP',
  'Cardiac Rehab': 'CARDIAC',
};

/** Where the participant's programme was read from. */
export const PROGRAMME_SOURCES = ['SURGERY', 'GROUP', 'DEFAULT'] as const;
export const programmeSourceSchema = z.enum(PROGRAMME_SOURCES);
export type ProgrammeSource = z.infer<typeof programmeSourceSchema>;

/** A questionnaire's score range and which way is better. */
export const outcomeScaleSchema = z.object({
  min: z.number(),
  max: z.number(),
  higher_is_better: z.boolean(),
});
export type OutcomeScale = z.infer<typeof outcomeScaleSchema>;

/** The typical score at a timepoint and how far from it a typical participant still lies. */
export interface ExpectedPoint {
  expected: number;
  tolerance: number;
}

export interface ExpectedCurve {
  scale: OutcomeScale;
  points: Record<SurveyTimepoint, ExpectedPoint>;
}

/** Titles of the programme's questionnaires (the surveys table's unique titles). */
export const OUTCOME_SURVEY_TITLES = {
  koosJr: 'KOOS JR Knee Survey',
  promisGlobalHealth: 'PROMIS Global Health',
  painInterference: 'Pain Interference',
} as const;

/*
 * Where the numbers come from: the demo generator (apps/server/src/db/seed/
 * survey-schedule-generator.ts) draws each submitted survey from a 'how unwell' level per
 * timepoint (SEVERITY_AT: 0.60, 0.45, 0.32, 0.24, 0.18 — the same for knee, hip and heart) and
 * scores it with survey-definitions.ts. Running it for 20,000 participants per joint gives these
 * means; the tolerance is 1.28 standard deviations, so about 80% of typical participants
 * (the 10th to 90th percentile) fall inside the band. A test in features/outcomes re-runs the
 * generator and fails if the two drift apart.
 */

/** KOOS JR interval score, 0–100; 100 is perfect knee health. */
const KOOS_JR_CURVE: ExpectedCurve = {
  scale: { min: 0, max: 100, higher_is_better: true },
  points: {
    PRE_OP: { expected: 40, tolerance: 17.5 },
    WEEK_6: { expected: 54.9, tolerance: 17.5 },
    MONTH_3: { expected: 67.3, tolerance: 17 },
    MONTH_6: { expected: 74.9, tolerance: 16 },
    MONTH_12: { expected: 79.9, tolerance: 14.5 },
  },
};

/** PROMIS Global Health raw score, 7–35; higher is better. */
const PROMIS_GLOBAL_HEALTH_CURVE: ExpectedCurve = {
  scale: { min: 7, max: 35, higher_is_better: true },
  points: {
    PRE_OP: { expected: 18.3, tolerance: 5 },
    WEEK_6: { expected: 22.4, tolerance: 5 },
    MONTH_3: { expected: 25.9, tolerance: 4.5 },
    MONTH_6: { expected: 27.9, tolerance: 4.5 },
    MONTH_12: { expected: 29.4, tolerance: 4 },
  },
};

/** Pain Interference raw score, 6–30; higher means pain gets in the way more. */
const PAIN_INTERFERENCE_CURVE: ExpectedCurve = {
  scale: { min: 6, max: 30, higher_is_better: false },
  points: {
    PRE_OP: { expected: 20.3, tolerance: 4 },
    WEEK_6: { expected: 16.8, tolerance: 4.5 },
    MONTH_3: { expected: 13.7, tolerance: 4 },
    MONTH_6: { expected: 12, tolerance: 4 },
    MONTH_12: { expected: 10.8, tolerance: 3.5 },
  },
};

const GENERAL_CURVES = {
  [OUTCOME_SURVEY_TITLES.promisGlobalHealth]: PROMIS_GLOBAL_HEALTH_CURVE,
  [OUTCOME_SURVEY_TITLES.painInterference]: PAIN_INTERFERENCE_CURVE,
};
const KNEE_CURVES = { ...GENERAL_CURVES, [OUTCOME_SURVEY_TITLES.koosJr]: KOOS_JR_CURVE };

/**
 * Each programme's expected recovery curve per questionnaire title. KOOS JR is asked of knee
 * patients only, so the hip and cardiac programmes have no curve for it.
 */
export const EXPECTED_RECOVERY_CURVES: Record<
  RecoveryProgramme,
  Readonly<Record<string, ExpectedCurve>>
> = {
  KNEE: KNEE_CURVES,
  HIP: GENERAL_CURVES,
  CARDIAC: GENERAL_CURVES,
  GENERAL: KNEE_CURVES,
};

/** The programme's curve for a questionnaire, if it has one. */
export function expectedCurve(
  programme: RecoveryProgramme | null,
  surveyTitle: string,
): ExpectedCurve | null {
  if (!programme) return null;
  return EXPECTED_RECOVERY_CURVES[programme][surveyTitle] ?? null;
}

/** How a score compares with the band around the expected score. */
export const OUTCOME_DEVIATIONS = ['WITHIN', 'BETTER', 'WORSE'] as const;
export const outcomeDeviationSchema = z.enum(OUTCOME_DEVIATIONS);
export type OutcomeDeviation = z.infer<typeof outcomeDeviationSchema>;

export const OUTCOME_DEVIATION_LABELS: Record<OutcomeDeviation, string> = {
  WITHIN: 'Within expected range',
  BETTER: 'Better than expected',
  WORSE: 'Worse than expected',
};

/** Where a score lies against the band [lower, upper] of a questionnaire's scale. */
export function classifyDeviation(
  score: number,
  band: { lower: number; upper: number },
  higherIsBetter: boolean,
): OutcomeDeviation {
  if (score >= band.lower && score <= band.upper) return 'WITHIN';
  return score > band.upper === higherIsBetter ? 'BETTER' : 'WORSE';
}

// ---------------------------------------------------------------------------------------------
// GET /api/surgery/outcome-trends?user_id=
// ---------------------------------------------------------------------------------------------

export const outcomeTrendsQuerySchema = z.object({ user_id: participantIdField() });
export type OutcomeTrendsQuery = z.output<typeof outcomeTrendsQuerySchema>;

/**
 * One timepoint of a questionnaire. `score` is the submitted score (null when not submitted or
 * not applicable). `expected`, `lower` and `upper` are the programme's curve and band (null
 * without a curve); `deviation` is score minus expected and `status` where the score lies
 * against the band (both null unless there is a score and a curve).
 */
export const outcomePointSchema = z.object({
  timepoint: surveyTimepointSchema,
  /** 'PreOp', '6 Weeks', … */
  label: z.string(),
  score: z.number().nullable(),
  submitted_on: z.iso.datetime({ offset: true }).nullable(),
  expected: z.number().nullable(),
  lower: z.number().nullable(),
  upper: z.number().nullable(),
  deviation: z.number().nullable(),
  status: outcomeDeviationSchema.nullable(),
});
export type OutcomePoint = z.infer<typeof outcomePointSchema>;

/**
 * One questionnaire of the participant's schedule with its five timepoints in order (PreOp …
 * 12 Months). `scale` is null when the programme has no curve for it.
 */
export const outcomeSurveySchema = z.object({
  survey_id: z.number().int(),
  title: z.string(),
  scale: outcomeScaleSchema.nullable(),
  points: z.array(outcomePointSchema).length(5),
});
export type OutcomeSurvey = z.infer<typeof outcomeSurveySchema>;

/**
 * The participant's outcome trends. `programme` is null when their latest surgery is a
 * procedure without a curve; `procedure` is that surgery's procedure when `programme_source`
 * is SURGERY. Surveys are ordered by title.
 */
export const outcomeTrendsSchema = z.object({
  programme: recoveryProgrammeSchema.nullable(),
  programme_source: programmeSourceSchema,
  procedure: surgeryProcedureSchema.nullable(),
  surveys: z.array(outcomeSurveySchema),
});
export type OutcomeTrends = z.infer<typeof outcomeTrendsSchema>;
