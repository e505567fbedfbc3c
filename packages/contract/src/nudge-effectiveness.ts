import * as z from 'zod/mini';
import {
  DATE_RANGE_MESSAGE,
  dateRangeInOrder,
  optionalDateFilter,
  userTypeFilterSchema,
  type NudgeStatus,
} from './nudges';

/**
 * Statuses of a nudge that went out. PENDING ones are still scheduled and CANCELLED ones never
 * left; neither can be opened or rated, so they would only dilute the rates.
 */
export const NUDGE_SENT_STATUSES = [
  'ACTIVE',
  'INACTIVE',
  'COMPLETED',
] as const satisfies readonly NudgeStatus[];

/** The chart lists at most this many titles, the most sent first. */
export const NUDGE_EFFECTIVENESS_MAX_TITLES = 50;

/**
 * GET /api/nudge/effectiveness — the period (inclusive target dates, '' or missing for open
 * ended) and the participant-type tab of the Nudges screen.
 */
export const nudgeEffectivenessQuerySchema = z
  .object({
    date_from: optionalDateFilter('date_from'),
    date_to: optionalDateFilter('date_to'),
    user_type: userTypeFilterSchema,
  })
  .check(z.refine(dateRangeInOrder, { error: DATE_RANGE_MESSAGE, path: ['date_from'] }));
export type NudgeEffectivenessQuery = z.input<typeof nudgeEffectivenessQuerySchema>;

const countSchema = z.int().check(z.nonnegative());
const shareSchema = z.number().check(z.gte(0), z.lte(1));

/**
 * Counts and shares of sent nudges. Shares are fractions of `sent` (0 when nothing was sent);
 * the three feedback shares add up to 1 apart from rounding.
 */
export const nudgeEffectivenessStatsSchema = z.object({
  sent: countSchema,
  opened: countSchema,
  thumbs_up: countSchema,
  thumbs_down: countSchema,
  no_feedback: countSchema,
  open_rate: shareSchema,
  thumbs_up_share: shareSchema,
  thumbs_down_share: shareSchema,
  no_feedback_share: shareSchema,
});
export type NudgeEffectivenessStats = z.infer<typeof nudgeEffectivenessStatsSchema>;

export const nudgeEffectivenessRowSchema = z.extend(nudgeEffectivenessStatsSchema, {
  title: z.string(),
});
export type NudgeEffectivenessRow = z.infer<typeof nudgeEffectivenessRowSchema>;

/**
 * Effectiveness per nudge title over the period: a nudge counts when its status is one of
 * NUDGE_SENT_STATUSES and its target date is not after `as_of` (today, UTC). `titles` holds the
 * most sent titles (ties by title), at most NUDGE_EFFECTIVENESS_MAX_TITLES; `total_titles`
 * counts them all and `totals` covers every sent nudge of the period.
 */
export const nudgeEffectivenessSchema = z.object({
  date_from: z.nullable(z.iso.date()),
  date_to: z.nullable(z.iso.date()),
  as_of: z.iso.date(),
  titles: z.array(nudgeEffectivenessRowSchema),
  total_titles: countSchema,
  totals: nudgeEffectivenessStatsSchema,
});
export type NudgeEffectiveness = z.infer<typeof nudgeEffectivenessSchema>;
