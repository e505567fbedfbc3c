import {
  COACH_PAGE_SIZE,
  COACH_SORT_FIELDS,
  DEFAULT_COACH_SORT,
} from '@recovery-portal/contract/coach';
import type { CoachListRequest, CoachSortField } from '@recovery-portal/contract/coach';
import { ORDER_DIRECTIONS } from '@recovery-portal/contract/nudges';
import type { ParticipantType } from '@recovery-portal/contract/users';
import { pageToStart, useListState } from '#app/lib/list-state.ts';
import type { ListState } from '#app/lib/list-state.ts';
import { useParticipantType } from '#app/lib/participant-type.ts';

/** The coach list's state as kept in the URL. */
export const COACH_LIST_DEFAULTS = {
  orderBy: DEFAULT_COACH_SORT.orderBy,
  orderDirection: DEFAULT_COACH_SORT.orderDirection,
  search: '',
} as const satisfies Record<string, string>;

export type CoachListKey = keyof typeof COACH_LIST_DEFAULTS;

const ALLOWED = { orderBy: COACH_SORT_FIELDS, orderDirection: ORDER_DIRECTIONS } as const;

export const COACH_SORT_OPTIONS = [
  { field: 'created_at', direction: 'desc', label: 'Date (newest first)' },
  { field: 'created_at', direction: 'asc', label: 'Date (oldest first)' },
  { field: 'participant', direction: 'asc', label: 'Participant (A–Z)' },
  { field: 'participant', direction: 'desc', label: 'Participant (Z–A)' },
] as const satisfies readonly {
  field: CoachSortField;
  direction: 'asc' | 'desc';
  label: string;
}[];

/** The body of POST /api/chat/list for a list state, a page and the participant-type tab. */
export function toCoachListRequest(
  values: Readonly<Record<CoachListKey, string>>,
  page: number,
  userType: ParticipantType,
): CoachListRequest {
  return {
    page_size: COACH_PAGE_SIZE,
    start: pageToStart(page, COACH_PAGE_SIZE),
    search_key: values.search,
    user_type: userType,
    orderBy: values.orderBy as CoachListRequest['orderBy'],
    orderDirection: values.orderDirection as CoachListRequest['orderDirection'],
  };
}

export type CoachListState = ListState<CoachListKey> & { request: CoachListRequest };

export function useCoachListState(): CoachListState {
  const [userType] = useParticipantType();
  const list = useListState(COACH_LIST_DEFAULTS, { allowed: ALLOWED, resetPageOn: userType });
  return { ...list, request: toCoachListRequest(list.values, list.page, userType) };
}
