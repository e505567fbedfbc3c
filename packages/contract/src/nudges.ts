import * as z from 'zod/mini';
import { isCalendarDate } from './calendar-dates';
import { exportFileName, rangePart } from './export-file-name';
import { participantTypeSchema } from './users';

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

/** Spec §9: the nudge list shows 15 rows a page; the server refuses more than the maximum. */
export const NUDGE_PAGE_SIZE = 15;
export const MAX_LIST_PAGE_SIZE = 100;
/** Offsets beyond this are refused: deep paging is what search and filters are for. */
export const MAX_LIST_START = 1_000_000;
export const MAX_SEARCH_KEY_LENGTH = 200;

/** Sort directions; upper-case is accepted too because the spec writes 'created_at DESC'. */
export const ORDER_DIRECTIONS = ['asc', 'desc'] as const;
export type OrderDirection = (typeof ORDER_DIRECTIONS)[number];
/** An empty value means "the default" (the portal drops empty ones, spec §7). */
export const orderDirectionSchema = z.enum(['asc', 'desc', 'ASC', 'DESC', ''], {
  error: 'orderDirection must be asc or desc.',
});

/** Normalises a wire sort direction; empty or missing gives the fallback. */
export function toOrderDirection(
  value: string | undefined,
  fallback: OrderDirection,
): OrderDirection {
  const lower = value?.toLowerCase();
  return lower === 'asc' || lower === 'desc' ? lower : fallback;
}

/** A YYYY-MM-DD filter date; '' means no filter. */
export function optionalDateFilter(field: string) {
  return z.optional(
    z.string({ error: `${field} must be a date written YYYY-MM-DD.` }).check(
      z.maxLength(10, `${field} must be a date written YYYY-MM-DD.`),
      z.refine((value) => value === '' || isCalendarDate(value), {
        error: `${field} must be a date written YYYY-MM-DD.`,
      }),
    ),
  );
}

export const searchKeySchema = z.optional(
  z
    .string({ error: 'search_key must be text.' })
    .check(
      z.maxLength(
        MAX_SEARCH_KEY_LENGTH,
        `search_key must be at most ${MAX_SEARCH_KEY_LENGTH} characters.`,
      ),
    ),
);

/** Paging of every list: `start` is the offset, `page_size` the number of rows. */
export function pagingFields(defaultPageSize: number) {
  return {
    page_size: z._default(
      z
        .number({ error: 'page_size must be a whole number.' })
        .check(
          z.int('page_size must be a whole number.'),
          z.gte(1, 'page_size must be at least 1.'),
          z.lte(MAX_LIST_PAGE_SIZE, `page_size must be at most ${MAX_LIST_PAGE_SIZE}.`),
        ),
      defaultPageSize,
    ),
    start: z._default(
      z
        .number({ error: 'start must be a whole number.' })
        .check(
          z.int('start must be a whole number.'),
          z.gte(0, 'start must not be negative.'),
          z.lte(MAX_LIST_START, `start must be at most ${MAX_LIST_START}.`),
        ),
      0,
    ),
  };
}

/** Rejects a date range whose end comes before its start. */
export function dateRangeInOrder(value: { date_from?: string; date_to?: string }): boolean {
  return !value.date_from || !value.date_to || value.date_from <= value.date_to;
}
export const DATE_RANGE_MESSAGE = 'date_from must not be after date_to.';

/** Participant-type tab of a list; '' (or missing) lists every type. */
export const userTypeFilterSchema = z.optional(
  z.union([participantTypeSchema, z.literal('')], {
    error: 'user_type must be one of Internal, Pilot or Demo.',
  }),
);

export const NUDGE_SORT_FIELDS = ['participant_name', 'target_date'] as const;
export type NudgeSortField = (typeof NUDGE_SORT_FIELDS)[number];
/** Spec §9: the nudge list defaults to target_date descending. */
export const DEFAULT_NUDGE_SORT = {
  orderBy: 'target_date',
  orderDirection: 'desc',
} as const satisfies {
  orderBy: NudgeSortField;
  orderDirection: OrderDirection;
};

/**
 * The nudge filters (spec §3 'Nudge list query state' without paging). `date` picks one target
 * date; `date_from`/`date_to` (inclusive) a range. Also the query of GET /api/nudge/export,
 * which is why every field is text.
 */
const nudgeFilterShape = {
  search_key: searchKeySchema,
  date: optionalDateFilter('date'),
  date_from: optionalDateFilter('date_from'),
  date_to: optionalDateFilter('date_to'),
  status: z.optional(
    z.union([nudgeStatusSchema, z.literal('')], {
      error: `status must be one of ${NUDGE_STATUSES.join(', ')}.`,
    }),
  ),
  feedback: z.optional(
    z.union([nudgeFeedbackFilterSchema, z.literal('')], {
      error: `feedback must be one of ${NUDGE_FEEDBACK_FILTERS.join(', ')}.`,
    }),
  ),
  user_type: userTypeFilterSchema,
  orderBy: z.optional(
    z.enum([...NUDGE_SORT_FIELDS, ''], {
      error: `orderBy must be one of ${NUDGE_SORT_FIELDS.join(', ')}.`,
    }),
  ),
  orderDirection: z.optional(orderDirectionSchema),
};
const nudgeFiltersSchema = z
  .object(nudgeFilterShape)
  .check(z.refine(dateRangeInOrder, { error: DATE_RANGE_MESSAGE, path: ['date_from'] }));

/** POST /api/nudge/list — the nudge list query state (spec §3). */
export const nudgeListRequestSchema = z
  .object({
    ...nudgeFilterShape,
    ...pagingFields(NUDGE_PAGE_SIZE),
  })
  .check(z.refine(dateRangeInOrder, { error: DATE_RANGE_MESSAGE, path: ['date_from'] }));
export type NudgeListRequest = z.input<typeof nudgeListRequestSchema>;
/** The request after defaults are applied (what the server works with). */
export type NudgeListQuery = z.output<typeof nudgeListRequestSchema>;

/** GET /api/nudge/export takes the filters as query parameters. */
export const nudgeExportQuerySchema = nudgeFiltersSchema;
export type NudgeExportQuery = z.input<typeof nudgeExportQuerySchema>;

/**
 * The filter fields of a nudge list state as query parameters of the export link: paging and
 * empty values are dropped.
 */
export function nudgeExportParams(state: NudgeListRequest): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(state)) {
    if (typeof value === 'string' && value !== '' && key in nudgeFilterShape) {
      params[key] = value;
    }
  }
  return params;
}

/**
 * The file name the export is offered under, after its filter, e.g.
 * nudges-pilot-completed-thumbs-up-2025-03-01.csv (export-file-name.ts).
 */
export function nudgeExportFileName(filter: NudgeExportQuery, isoDate: string): string {
  return exportFileName(
    'nudges',
    [
      filter.user_type,
      filter.status,
      filter.feedback,
      filter.date && `on ${filter.date}`,
      rangePart('', filter.date_from, filter.date_to),
      filter.search_key && 'search',
    ],
    isoDate,
  );
}

/** One nudge as listed (spec §3 'Nudge'). `send_time` is HH:mm, `target_date` YYYY-MM-DD. */
export const nudgeSchema = z.object({
  id: z.int(),
  title: z.string(),
  content: z.string(),
  target_date: z.string(),
  participant_id: z.int(),
  participant_name: z.string(),
  send_time: z.string(),
  tracking_type: nudgeStatusSchema,
  feedback_type: z.nullable(nudgeFeedbackSchema),
});
export type Nudge = z.infer<typeof nudgeSchema>;

export const nudgeListResponseSchema = z.object({
  nudges: z.array(nudgeSchema),
  total_number_of_records: z.int(),
});
export type NudgeListResponse = z.infer<typeof nudgeListResponseSchema>;

/** GET /api/nudge/{id}: the listed fields plus when the participant opened it (ISO, or null). */
export const nudgeDetailSchema = z.extend(nudgeSchema, {
  opened_at: z.nullable(z.string()),
});
export type NudgeDetail = z.infer<typeof nudgeDetailSchema>;

export const NUDGE_MESSAGES = {
  notFound: 'This nudge does not exist.',
} as const;
