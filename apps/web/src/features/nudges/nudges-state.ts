import { isCalendarDate } from '@recovery-portal/contract/calendar-dates';
import {
  DEFAULT_NUDGE_SORT,
  NUDGE_FEEDBACK_FILTERS,
  NUDGE_PAGE_SIZE,
  NUDGE_SORT_FIELDS,
  NUDGE_STATUSES,
  ORDER_DIRECTIONS,
} from '@recovery-portal/contract/nudges';
import type {
  NudgeFeedbackFilter,
  NudgeListRequest,
  NudgeSortField,
  NudgeStatus,
} from '@recovery-portal/contract/nudges';
import type { ParticipantType } from '@recovery-portal/contract/users';
import { DATE_FORMAT_API } from '@recovery-portal/contract/constants';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { pageToStart, useListState } from '#app/lib/list-state.ts';
import type { ListState } from '#app/lib/list-state.ts';
import { useParticipantType } from '#app/lib/participant-type.ts';

/** The nudge list's state as kept in the URL (every value a string, '' meaning "any"). */
export const NUDGE_LIST_DEFAULTS = {
  orderBy: DEFAULT_NUDGE_SORT.orderBy,
  orderDirection: DEFAULT_NUDGE_SORT.orderDirection,
  search: '',
  status: '',
  feedback: '',
  date_from: '',
  date_to: '',
} as const satisfies Record<string, string>;

export type NudgeListKey = keyof typeof NUDGE_LIST_DEFAULTS;

const ALLOWED = {
  orderBy: NUDGE_SORT_FIELDS,
  orderDirection: ORDER_DIRECTIONS,
  status: ['', ...NUDGE_STATUSES],
  feedback: ['', ...NUDGE_FEEDBACK_FILTERS],
} as const;

export const NUDGE_STATUS_LABELS: Record<NudgeStatus, string> = {
  ACTIVE: 'Active',
  INACTIVE: 'Inactive',
  PENDING: 'Pending',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
};

export const NUDGE_FEEDBACK_FILTER_LABELS: Record<NudgeFeedbackFilter, string> = {
  THUMBS_UP: 'Thumbs up',
  THUMBS_DOWN: 'Thumbs down',
  NO_FEEDBACK: 'No feedback',
};

export const NUDGE_SORT_OPTIONS = [
  { field: 'target_date', direction: 'desc', label: 'Date (newest first)' },
  { field: 'target_date', direction: 'asc', label: 'Date (oldest first)' },
  { field: 'participant_name', direction: 'asc', label: 'Participant name (A–Z)' },
  { field: 'participant_name', direction: 'desc', label: 'Participant name (Z–A)' },
] as const satisfies readonly {
  field: NudgeSortField;
  direction: 'asc' | 'desc';
  label: string;
}[];

/** How the list and the details page show a nudge's target date. */
export const NUDGE_DATE_FORMAT = 'MMM DD, YYYY';

const validDate = (value: string) => (isCalendarDate(value) ? value : '');

/** The body of POST /api/nudge/list for a list state, a page and the participant-type tab. */
export function toNudgeListRequest(
  values: Readonly<Record<NudgeListKey, string>>,
  page: number,
  userType: ParticipantType,
): NudgeListRequest {
  // A hand-edited link may have the range reversed; read it the way the user meant it.
  const [dateFrom, dateTo] = [validDate(values.date_from), validDate(values.date_to)];
  const reversed = dateFrom !== '' && dateTo !== '' && dateFrom > dateTo;
  return {
    page_size: NUDGE_PAGE_SIZE,
    start: pageToStart(page, NUDGE_PAGE_SIZE),
    search_key: values.search,
    status: values.status as NudgeListRequest['status'],
    feedback: values.feedback as NudgeListRequest['feedback'],
    date_from: reversed ? dateTo : dateFrom,
    date_to: reversed ? dateFrom : dateTo,
    user_type: userType,
    orderBy: values.orderBy as NudgeListRequest['orderBy'],
    orderDirection: values.orderDirection as NudgeListRequest['orderDirection'],
  };
}

/** How many of status, feedback and date are set (shown on the Filter button). */
export function activeFilterCount(values: Readonly<Record<NudgeListKey, string>>): number {
  return [values.status, values.feedback, values.date_from || values.date_to].filter(Boolean)
    .length;
}

export type NudgeListState = ListState<NudgeListKey> & {
  request: NudgeListRequest;
};

/**
 * The list opens on the nudges delivered up to today, newest first: sorted by date alone it
 * opened on next month's Pending ones. The filter shows it (Filter · 1) and Clear lists every
 * nudge, future ones included.
 */
export function nudgeListDefaultsOn(today: string): Readonly<Record<NudgeListKey, string>> {
  return { ...NUDGE_LIST_DEFAULTS, date_to: today };
}

/** The nudge list's URL state, plus the request it makes under the current type tab. */
export function useNudgeListState(): NudgeListState {
  const [userType] = useParticipantType();
  const today = dayjs().format(DATE_FORMAT_API);
  const defaults = useMemo(() => nudgeListDefaultsOn(today), [today]);
  const list = useListState(defaults, { allowed: ALLOWED, resetPageOn: userType });
  return { ...list, request: toNudgeListRequest(list.values, list.page, userType) };
}
