import * as z from 'zod/mini';

/** The five points of the post-operative survey schedule (spec §9), in order. */
export const SURVEY_TIMEPOINTS = ['PRE_OP', 'WEEK_6', 'MONTH_3', 'MONTH_6', 'MONTH_12'] as const;
export const surveyTimepointSchema = z.enum(SURVEY_TIMEPOINTS);
export type SurveyTimepoint = z.infer<typeof surveyTimepointSchema>;

export const SURVEY_TIMEPOINT_LABELS: Record<SurveyTimepoint, string> = {
  PRE_OP: 'PreOp',
  WEEK_6: '6 Weeks',
  MONTH_3: '3 Months',
  MONTH_6: '6 Months',
  MONTH_12: '12 Months',
};

/** Days after surgery each timepoint is due (PreOp is due a week before). */
export const SURVEY_TIMEPOINT_OFFSET_DAYS: Record<SurveyTimepoint, number> = {
  PRE_OP: -7,
  WEEK_6: 42,
  MONTH_3: 91,
  MONTH_6: 182,
  MONTH_12: 365,
};

export const surveyQuestionSchema = z.object({
  question: z.string(),
  options: z.array(z.string()),
});
export type SurveyQuestion = z.infer<typeof surveyQuestionSchema>;
