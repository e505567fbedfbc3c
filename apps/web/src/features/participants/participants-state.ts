import {
  DEFAULT_PARTICIPANT_SORT_KEY,
  DEFAULT_PARTICIPANT_STATUS_FILTER,
  NOT_REVIEWED_DAYS_CHOICES,
  PARTICIPANT_PAGE_SIZE,
  PARTICIPANT_SORT_KEYS,
  SORT_DIRECTIONS,
} from '@recovery-portal/contract/participants';
import { RECOVERY_PROGRAMMES } from '@recovery-portal/contract/programmes';
import type {
  ParticipantListQuery,
  ParticipantStatusFilter,
  ParticipantSortKey,
  SortDirection,
} from '@recovery-portal/contract/participants';
import { MINE_URL_VALUE } from '@recovery-portal/contract/care-team';
import { USER_STATUSES } from '@recovery-portal/contract/users';
import type { ParticipantType } from '@recovery-portal/contract/users';
import { cohortFiltersOf } from '#app/lib/cohort-filters.ts';
import { toApiDate } from '#app/lib/format.ts';
import { pageToStart, useListState } from '#app/lib/list-state.ts';
import type { ListState } from '#app/lib/list-state.ts';
import { useParticipantType } from '#app/lib/participant-type.ts';

/** How the All filter (an empty status in the API) is written in the URL: `?status=ALL`. */
export const ALL_STATUSES_URL_VALUE = 'ALL';

/** The participant list's state as kept in the URL (spec §2: the list opens on Active). */
export const PARTICIPANT_LIST_DEFAULTS = {
  status: statusUrlValueOf(DEFAULT_PARTICIPANT_STATUS_FILTER),
  orderBy: DEFAULT_PARTICIPANT_SORT_KEY,
  orderDirection: 'asc',
  search: '',
  /** 'Not reviewed in N days': '' (any) or one of the day choices, e.g. `?notReviewed=7`. */
  notReviewed: '',
  /** "Mine": only my participants (care team), `?mine=1`. */
  mine: '',
  /** Only participants with an overdue follow-up task, `?overdue=1`. */
  overdue: '',
  /** The cohort: a group name, and a surgery day range (YYYY-MM-DD, inclusive). */
  group: '',
  surgeryFrom: '',
  surgeryTo: '',
  /** '' (any) or a recovery programme, e.g. `?programme=KNEE`. */
  programme: '',
} as const satisfies Record<string, string>;

/** The keys that narrow the list (not its sort, search or page), counted on the Filters button. */
const FILTER_KEYS = [
  'status',
  'notReviewed',
  'mine',
  'overdue',
  'group',
  'surgeryFrom',
  'surgeryTo',
  'programme',
] as const satisfies readonly ParticipantListKey[];

/** How many filters differ from the list's defaults (a status other than Active counts). */
export function appliedFilterCount(values: Readonly<Record<ParticipantListKey, string>>): number {
  return FILTER_KEYS.filter((key) => values[key] !== PARTICIPANT_LIST_DEFAULTS[key]).length;
}

/** The value of an on/off filter in the URL (`?mine=1`, `?overdue=1`). */
export const FILTER_ON = MINE_URL_VALUE;

export type ParticipantListKey = keyof typeof PARTICIPANT_LIST_DEFAULTS;

const ALLOWED = {
  status: [ALL_STATUSES_URL_VALUE, ...USER_STATUSES],
  orderBy: PARTICIPANT_SORT_KEYS,
  orderDirection: SORT_DIRECTIONS,
  notReviewed: NOT_REVIEWED_DAYS_CHOICES.map(String),
  mine: [FILTER_ON],
  overdue: [FILTER_ON],
  programme: RECOVERY_PROGRAMMES,
} as const;

/** The status filter of a URL value. */
export function statusFilterOf(urlValue: string): ParticipantStatusFilter {
  return USER_STATUSES.find((status) => status === urlValue) ?? '';
}

/** The URL value of a status filter. */
export function statusUrlValueOf(filter: ParticipantStatusFilter): string {
  return filter === '' ? ALL_STATUSES_URL_VALUE : filter;
}

/**
 * The body of POST /api/user/list for a list state, a page and the participant-type tab.
 * "Overdue" is judged on `today`, this browser's local date, as survey due dates are.
 */
export function toParticipantListQuery(
  values: Readonly<Record<ParticipantListKey, string>>,
  page: number,
  type: ParticipantType,
  today: string = toApiDate(),
): ParticipantListQuery {
  return {
    page_size: PARTICIPANT_PAGE_SIZE,
    start: pageToStart(page, PARTICIPANT_PAGE_SIZE),
    search_key: values.search,
    status: statusFilterOf(values.status),
    tracker: '',
    type,
    not_reviewed_days: values.notReviewed ? Number(values.notReviewed) : null,
    mine: values.mine === FILTER_ON,
    overdue_before: values.overdue === FILTER_ON ? today : null,
    orderBy: values.orderBy as ParticipantSortKey,
    orderDirection: values.orderDirection as SortDirection,
    ...cohortFiltersOf(values),
  };
}

export type ParticipantListState = ListState<ParticipantListKey> & {
  status: ParticipantStatusFilter;
  query: ParticipantListQuery;
};

/** The participant list's URL state, plus the query it makes under the current type tab. */
export function useParticipantListState(): ParticipantListState {
  const [type] = useParticipantType();
  const list = useListState(PARTICIPANT_LIST_DEFAULTS, { allowed: ALLOWED, resetPageOn: type });
  return {
    ...list,
    status: statusFilterOf(list.values.status),
    query: toParticipantListQuery(list.values, list.page, type),
  };
}
