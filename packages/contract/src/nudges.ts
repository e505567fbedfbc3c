import { z } from 'zod';

/** Nudge tracking statuses (spec §4 'Nudge status filter'). */
export const NUDGE_STATUSES = ['ACTIVE', 'INACTIVE', 'PENDING', 'COMPLETED', 'CANCELLED'] as const;
export const nudgeStatusSchema = z.enum(NUDGE_STATUSES);
export type NudgeStatus = z.infer<typeof nudgeStatusSchema>;

/** Feedback a participant gives a nudge; absence means no feedback. */
export const NUDGE_FEEDBACK_TYPES = ['THUMBS_UP', 'THUMBS_DOWN'] as const;
export const nudgeFeedbackSchema = z.enum(NUDGE_FEEDBACK_TYPES);
export type NudgeFeedback = z.infer<typeof nudgeFeedbackSchema>;

/** The feedback filter adds NO_FEEDBACK (spec §4). */
export const NUDGE_FEEDBACK_FILTERS = [...NUDGE_FEEDBACK_TYPES, 'NO_FEEDBACK'] as const;
export const nudgeFeedbackFilterSchema = z.enum(NUDGE_FEEDBACK_FILTERS);
export type NudgeFeedbackFilter = z.infer<typeof nudgeFeedbackFilterSchema>;
