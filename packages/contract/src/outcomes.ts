import * as z from 'zod/mini';
import { participantIdField } from './participants';
import { SURGERY_PROCEDURE_LABELS, surgeryProcedureSchema, type SurgeryProcedure } from './surgery';
import { describeChange, measureSchema } from './instruments';
import {
  RECOVERY_PROGRAMME_LABELS,
  recoveryProgrammeSchema,
  type RecoveryProgramme,
} from './programmes';
import { surveyTimepointSchema, type SurveyTimepoint } from './surveys';

// ---------------------------------------------------------------------------------------------
// Programmes and the published thresholds scores are held against
// ---------------------------------------------------------------------------------------------

// The programmes themselves live in programmes.ts, which the participant list imports directly.
export { RECOVERY_PROGRAMMES, type RecoveryProgramme } from './programmes';

/**
 * The programme a recorded procedure belongs to. Procedures outside the programmes (ACL,
 * shoulder, spine, …) have none.
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

/**
 * Where a score after surgery stands against its instrument's published thresholds
 * (contract instruments.ts): from 3 Months on, an improvement from PreOp smaller than the MCID
 * is NOT_IMPROVING; from 6 Months on, so is a score below the PASS. Otherwise IMPROVING when the
 * improvement reaches the MCID (and the score the PASS, where one is published and due).
 * Decision record 0016-published-outcome-scores explains why there is no expected curve.
 */
export const OUTCOME_STATUSES = ['IMPROVING', 'NOT_IMPROVING'] as const;
export const outcomeStatusSchema = z.enum(OUTCOME_STATUSES);
export type OutcomeStatus = z.infer<typeof outcomeStatusSchema>;

export const OUTCOME_STATUS_LABELS: Record<OutcomeStatus, string> = {
  IMPROVING: 'Clinically important improvement',
  NOT_IMPROVING: 'Not improving as expected',
};

/** The timepoint from which the improvement is held against the MCID. */
export const MCID_FROM: SurveyTimepoint = 'MONTH_3';
/** The timepoint from which the score is held against the PASS. */
export const PASS_FROM: SurveyTimepoint = 'MONTH_6';

// ---------------------------------------------------------------------------------------------
// GET /api/surgery/outcome-trends?user_id=
// ---------------------------------------------------------------------------------------------

export const outcomeTrendsQuerySchema = z.object({ user_id: participantIdField() });

/**
 * One timepoint of a published score. `score` is null when not submitted, not applicable or not
 * scorable (`not_scorable_reason` then says why, for a submitted response). `improvement` is
 * the change from the PreOp score in the better direction (positive = better; null without
 * both). `status` is set from 3 Months on where the instrument has a MCID or PASS.
 */
export const outcomePointSchema = z.object({
  timepoint: surveyTimepointSchema,
  /** 'PreOp', '6 Weeks', … */
  label: z.string(),
  score: z.nullable(z.number()),
  submitted_on: z.nullable(z.iso.datetime({ offset: true })),
  not_scorable_reason: z.nullable(z.string()),
  improvement: z.nullable(z.number()),
  status: z.nullable(outcomeStatusSchema),
});
export type OutcomePoint = z.infer<typeof outcomePointSchema>;

export const publishedThresholdSchema = z.object({
  value: z.number(),
  cite: z.string(),
  source: z.string(),
});

/** A clinic's band is drawn at a timepoint only with at least this many comparable patients. */
export const COHORT_MIN_N = 10;

/**
 * The clinic's comparable patients at one timepoint: how many have a score, and (from
 * COHORT_MIN_N on) the median and the quartiles. `percentile` is where the participant's score
 * stands among them: the share with a worse score, ties counted half (0-100, higher = better,
 * whichever way the scale runs); null without a score or a band.
 */
export const cohortPointSchema = z.object({
  timepoint: surveyTimepointSchema,
  n: z.int().check(z.nonnegative()),
  p25: z.nullable(z.number()),
  median: z.nullable(z.number()),
  p75: z.nullable(z.number()),
  percentile: z.nullable(z.number()),
});
export type CohortPoint = z.infer<typeof cohortPointSchema>;

/**
 * The clinic's own reference for one score: participants whose latest surgery is the same
 * procedure, with a stored score of the same instrument, the participant left out. `label` says
 * what it is ('This clinic, total hip replacement: median and middle half, n = 84'), `demo`
 * whether any of the scores was written by the demo generator (the label then says so too).
 */
export const cohortReferenceSchema = z.object({
  label: z.string(),
  procedure: surgeryProcedureSchema,
  /** Participants with at least one score of this measure. */
  n: z.int().check(z.nonnegative()),
  demo: z.boolean(),
  points: z.array(cohortPointSchema).check(z.length(5)),
});

/** Why a score has no clinic band at all. */
export const NO_COHORT_WITHOUT_SURGERY =
  'No surgery is recorded, so there are no comparable patients in this clinic to draw.';

/**
 * One published score of a questionnaire on the participant's schedule (PROMIS Global Health
 * gives two: GPH and GMH) with its five timepoints in order (PreOp … 12 Months), its scale and
 * its published MCID and PASS (null where none is published or entered).
 */
export const outcomeSurveySchema = z.object({
  survey_id: z.int(),
  title: z.string(),
  measure: measureSchema,
  /** 'KOOS JR', 'GPH T' */
  label: z.string(),
  /** 'KOOS JR interval score' */
  name: z.string(),
  min: z.number(),
  max: z.number(),
  higher_is_better: z.boolean(),
  /** '0–100, 100 = best' */
  scale_text: z.string(),
  mcid: z.nullable(publishedThresholdSchema),
  pass: z.nullable(publishedThresholdSchema),
  /** Substantial clinical benefit, where published. */
  scb: z.nullable(publishedThresholdSchema),
  points: z.array(outcomePointSchema).check(z.length(5)),
  /** The clinic's comparable patients; null with `cohort_note` saying why. */
  cohort: z.nullable(cohortReferenceSchema),
  cohort_note: z.nullable(z.string()),
});
export type OutcomeSurvey = z.infer<typeof outcomeSurveySchema>;

/**
 * The participant's outcome trends. `programme` is the recovery programme they follow (null when
 * their latest surgery is a procedure outside the programmes); `procedure` is that surgery's
 * procedure when `programme_source` is SURGERY. Published scores are ordered by questionnaire
 * title, then in the instrument's order; questionnaires that are not published instruments
 * are left out.
 */
export const outcomeTrendsSchema = z.object({
  programme: z.nullable(recoveryProgrammeSchema),
  programme_source: programmeSourceSchema,
  procedure: z.nullable(surgeryProcedureSchema),
  surveys: z.array(outcomeSurveySchema),
});
export type OutcomeTrends = z.infer<typeof outcomeTrendsSchema>;

/** PreOp moved by a threshold in the better direction, kept on the scale. */
function preOpPlus(survey: OutcomeSurvey, threshold: { value: number } | null): number | null {
  const preOp = survey.points[0]?.score ?? null;
  if (!threshold || preOp === null) return null;
  const target = survey.higher_is_better ? preOp + threshold.value : preOp - threshold.value;
  return Math.min(survey.max, Math.max(survey.min, target));
}

/** The line on the chart the improvement must reach: PreOp plus (or minus) the MCID. */
export function mcidTarget(survey: OutcomeSurvey): number | null {
  return preOpPlus(survey, survey.mcid);
}

/** The line for a substantial clinical benefit: PreOp plus (or minus) the SCB. */
export function scbTarget(survey: OutcomeSurvey): number | null {
  return preOpPlus(survey, survey.scb);
}

/**
 * Change from PreOp in words (describeChange), e.g. 'better by 18.51', never a sign that reads
 * backwards on a scale where lower is better; a dash without one.
 */
export function formatImprovement(survey: OutcomeSurvey, improvement: number | null): string {
  return improvement === null ? '-' : describeChange(survey.measure, improvement);
}

/** Which programme the participant follows, and where it was read from. */
export function programmeText(trends: OutcomeTrends): string {
  const procedure = trends.procedure ? SURGERY_PROCEDURE_LABELS[trends.procedure] : null;
  if (!trends.programme) {
    return `The latest surgery (${procedure ?? 'unknown procedure'}) is outside the recovery programmes.`;
  }
  const programme = RECOVERY_PROGRAMME_LABELS[trends.programme];
  switch (trends.programme_source) {
    case 'SURGERY':
      return `${programme}, from the latest surgery (${procedure ?? 'unknown procedure'}).`;
    case 'GROUP':
      return `${programme}, from the participant's group.`;
    case 'DEFAULT':
      return `${programme}: no surgery is recorded.`;
  }
}
