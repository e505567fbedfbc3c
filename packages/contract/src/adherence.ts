import * as z from 'zod/mini';
import { participantIdField } from './participants';
import { surveyTimepointSchema } from './surveys';

/**
 * GET /api/surgery/adherence?user_id&surgery_id. `surgery_id` is optional: with it, the target
 * dates are that surgery's date plus each timepoint's offset (404 when the participant has no
 * such surgery); without it, they are the dates stored with the participant's survey schedule.
 */
export const adherenceQuerySchema = z.object({
  user_id: participantIdField(),
  surgery_id: z.optional(participantIdField('surgery_id must be a positive whole number.')),
});

/** The string score of a timepoint that does not apply to the participant (spec §3). */
export const NOT_APPLICABLE_SCORE = 'NA';

/**
 * One cell of the survey schedule. `score` is the instrument's first published score once
 * submitted (derived from the stored answers; null when not scorable), 'NA' when not
 * applicable, otherwise null. `score_text` names every score of the cell ('KOOS JR 65.99',
 * 'GPH T 42.3 · GMH T 50.8', 'KOOS JR not scorable'); null until submitted. `target_date` is
 * null only when the survey was never scheduled at that timepoint; `submitted_on` is the ISO
 * instant of submission or null.
 */
export const adherenceEntrySchema = z.object({
  timepoint: surveyTimepointSchema,
  /** 'PreOp', '6 Weeks', '3 Months', '6 Months', '12 Months' */
  label: z.string(),
  score: z.nullable(z.union([z.number(), z.literal(NOT_APPLICABLE_SCORE)])),
  score_text: z.nullable(z.string()),
  target_date: z.nullable(z.iso.date()),
  submitted_on: z.nullable(z.iso.datetime({ offset: true })),
});
export type AdherenceEntry = z.infer<typeof adherenceEntrySchema>;

/**
 * One row of the Survey Schedule card: a survey with exactly five entries in the order
 * PRE_OP, WEEK_6, MONTH_3, MONTH_6, MONTH_12. `start_date`/`end_date` are the first and last
 * target dates. Rows are ordered by title.
 */
export const adherenceItemSchema = z.object({
  survey_id: z.int(),
  title: z.string(),
  description: z.string(),
  start_date: z.nullable(z.iso.date()),
  end_date: z.nullable(z.iso.date()),
  entries: z.array(adherenceEntrySchema).check(z.length(5)),
});
export type AdherenceItem = z.infer<typeof adherenceItemSchema>;
export const adherenceListSchema = z.array(adherenceItemSchema);
