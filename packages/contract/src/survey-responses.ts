import * as z from 'zod/mini';
import { measureScoreSchema } from './instruments';
import { surveyTimepointSchema } from './surveys';

/**
 * Where one scheduled survey stands (spec §3 `survey_status`): SUBMITTED once answered,
 * NOT_APPLICABLE when the timepoint does not apply, OVERDUE when its target date has passed
 * unanswered, otherwise PENDING (due today or later).
 */
export const SURVEY_STATUSES = ['SUBMITTED', 'OVERDUE', 'PENDING', 'NOT_APPLICABLE'] as const;
export const surveyStatusSchema = z.enum(SURVEY_STATUSES);
export type SurveyStatus = z.infer<typeof surveyStatusSchema>;

/** The status of a scheduled survey on `today` (both YYYY-MM-DD). */
export function surveyStatusOn(
  survey: { submitted_at: string | null; not_applicable: boolean; target_date: string },
  today: string,
): SurveyStatus {
  if (survey.submitted_at) return 'SUBMITTED';
  if (survey.not_applicable) return 'NOT_APPLICABLE';
  return survey.target_date < today ? 'OVERDUE' : 'PENDING';
}

/** A question with its options and the participant's answer (an option index, or null). */
export const surveyContentItemSchema = z.object({
  question: z.string(),
  options: z.array(z.string()),
  selected_option: z.nullable(z.int().check(z.nonnegative())),
});
export type SurveyContentItem = z.infer<typeof surveyContentItemSchema>;

/**
 * One scheduled survey of the participant (GET /api/nudge/survey-responses?user_id=), newest
 * target date first. `id` is the response's id. Once submitted, `scores` holds every published
 * score of the instrument, derived from the stored answers (empty before); `score` is the first
 * of them (null when not submitted or not scorable). `scoring_note` says why a submitted
 * questionnaire has no published scoring at all.
 */
export const surveyResponseSchema = z.object({
  id: z.int(),
  survey_id: z.int(),
  title: z.string(),
  description: z.string(),
  timepoint: surveyTimepointSchema,
  /** 'PreOp', '6 Weeks', … */
  timepoint_label: z.string(),
  target_date: z.iso.date(),
  submitted_at: z.nullable(z.iso.datetime({ offset: true })),
  survey_status: surveyStatusSchema,
  score: z.nullable(z.number()),
  scores: z.array(measureScoreSchema),
  scoring_note: z.nullable(z.string()),
  content: z.array(surveyContentItemSchema),
});
export type SurveyResponse = z.infer<typeof surveyResponseSchema>;
export const surveyResponseListSchema = z.array(surveyResponseSchema);
