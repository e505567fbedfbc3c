import * as z from 'zod/mini';
import { conversationMarkerSchema, transcriptMessageSchema } from './conversations';
import { participantIdentityFields } from './participant-identity';
import {
  DATE_RANGE_MESSAGE,
  dateRangeInOrder,
  optionalDateFilter,
  orderDirectionSchema,
  type OrderDirection,
  pagingFields,
  searchKeySchema,
  userTypeFilterSchema,
} from './nudges';

/**
 * Rows a page. Spec §9 says 10 for the coach list in one place and a state page_size of 15 in
 * another; 15, as every other list pages, so that paging feels the same everywhere.
 */
export const COACH_PAGE_SIZE = 15;

export const COACH_SORT_FIELDS = ['participant', 'created_at'] as const;
export type CoachSortField = (typeof COACH_SORT_FIELDS)[number];
/** Spec §9: newest conversations first. `created_at` sorts by when the conversation ended. */
export const DEFAULT_COACH_SORT = {
  orderBy: 'created_at',
  orderDirection: 'desc',
} as const satisfies {
  orderBy: CoachSortField;
  orderDirection: OrderDirection;
};

/**
 * POST /api/chat/list — the coach list query state (spec §3). `search_key` matches the summary
 * and the participant's name; `date` (or `date_from`/`date_to`) the day the conversation ended.
 */
export const coachListRequestSchema = z
  .object({
    search_key: searchKeySchema,
    user_type: userTypeFilterSchema,
    date: optionalDateFilter('date'),
    date_from: optionalDateFilter('date_from'),
    date_to: optionalDateFilter('date_to'),
    orderBy: z.optional(
      z.enum([...COACH_SORT_FIELDS, ''], {
        error: `orderBy must be one of ${COACH_SORT_FIELDS.join(', ')}.`,
      }),
    ),
    orderDirection: z.optional(orderDirectionSchema),
    ...pagingFields(COACH_PAGE_SIZE),
  })
  .check(z.refine(dateRangeInOrder, { error: DATE_RANGE_MESSAGE, path: ['date_from'] }));
export type CoachListRequest = z.input<typeof coachListRequestSchema>;
/** The request after defaults are applied (what the server works with). */
export type CoachListQuery = z.output<typeof coachListRequestSchema>;

/**
 * One coach conversation row (spec §3) with everything its dialog shows, so a row click needs no
 * second call. `date` (YYYY-MM-DD) and `time` (HH:mm) are the end of the conversation in UTC;
 * `ended_at` is the same instant in ISO 8601 for local formatting. `extract` joins the markers'
 * content with ', '.
 */
export const coachConversationSchema = z.object({
  id: z.int(),
  date: z.string(),
  time: z.string(),
  ended_at: z.string(),
  summary: z.string(),
  patient_summary: z.string(),
  participant_id: z.int(),
  ...participantIdentityFields,
  extract: z.string(),
  markers: z.array(conversationMarkerSchema),
  transcript: z.array(transcriptMessageSchema),
  next_best_action: z.nullable(z.string()),
  next_visit_date: z.nullable(z.string()),
});
export type CoachConversation = z.infer<typeof coachConversationSchema>;

export const coachListResponseSchema = z.object({
  chat_list: z.array(coachConversationSchema),
  total_number_of_records: z.int(),
});
export type CoachListResponse = z.infer<typeof coachListResponseSchema>;

/** The extract column: the markers' content joined with ', ' (spec §2). */
export function markersExtract(markers: readonly { content: string }[]): string {
  return markers
    .map((marker) => marker.content.trim())
    .filter((content) => content !== '')
    .join(', ');
}
