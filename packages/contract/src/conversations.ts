import * as z from 'zod/mini';

/** A finding the coach's model marked in a conversation, e.g. { content: 'chest pain' }. */
export const conversationMarkerSchema = z.object({
  content: z.string(),
  type: z.optional(z.string()),
});
export type ConversationMarker = z.infer<typeof conversationMarkerSchema>;

/** The user id that marks coach messages in a transcript (spec §3). */
export const COACH_USER_ID = 'Coach';

export const transcriptMessageSchema = z.object({
  userId: z.string(),
  message: z.string(),
  sent_at: z.optional(z.string()),
});
export type TranscriptMessage = z.infer<typeof transcriptMessageSchema>;
