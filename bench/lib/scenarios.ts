import {
  COACH_SORT_FIELDS,
  DEFAULT_COACH_SORT,
  type CoachListRequest,
} from '@recovery-portal/contract/coach';
import {
  DEFAULT_NUDGE_SORT,
  NUDGE_SORT_FIELDS,
  ORDER_DIRECTIONS,
  type NudgeListRequest,
} from '@recovery-portal/contract/nudges';
import {
  DEFAULT_PARTICIPANT_LIST_QUERY,
  DEFAULT_PARTICIPANT_SORT_KEY,
  DEFAULT_PARTICIPANT_STATUS_FILTER,
  PARTICIPANT_SORT_KEYS,
  PARTICIPANT_STATUS_FILTERS,
  type ParticipantListQueryInput,
  type ParticipantSortKey,
  type ParticipantStatusFilter,
  type SortDirection,
} from '@recovery-portal/contract/participants';
import { API_PATHS } from '@recovery-portal/contract/paths';
import type { ApiCall } from './http-load';

export type ScenarioGroup =
  'participant-list' | 'nudge-list' | 'coach-list' | 'details' | 'outcomes';

export interface Scenario {
  group: ScenarioGroup;
  /** Short stable name, e.g. `sort=joined_on:desc status=Active search=—`. */
  name: string;
  /** The requests, sent round robin (details calls rotate over several participants). */
  calls: ApiCall[];
}

/** What the list scenarios search for: a 1–2 character prefix and a real participant's name. */
export interface SearchTerms {
  short: string;
  name: string;
}

/** A 2-character search: too short for the trigram index, so it tests the fallback plan. */
export const SHORT_SEARCH = 'an';

const statusLabel = (status: ParticipantStatusFilter) =>
  PARTICIPANT_STATUS_FILTERS.find((filter) => filter.value === status)?.label ?? status;

function participantList(options: {
  orderBy: ParticipantSortKey;
  orderDirection: SortDirection;
  status: ParticipantStatusFilter;
  search: string;
}): Scenario {
  const body: ParticipantListQueryInput = {
    ...DEFAULT_PARTICIPANT_LIST_QUERY,
    orderBy: options.orderBy,
    orderDirection: options.orderDirection,
    status: options.status,
    search_key: options.search,
  };
  return {
    group: 'participant-list',
    name: `sort=${options.orderBy}:${options.orderDirection} status=${statusLabel(options.status)} search=${options.search ? JSON.stringify(options.search) : '—'}`,
    calls: [{ method: 'POST', path: API_PATHS.user.list, body }],
  };
}

/** The participant list's first page as the portal opens it: default sort, Active, no search. */
function landingParticipantList(): Scenario {
  return participantList({
    orderBy: DEFAULT_PARTICIPANT_SORT_KEY,
    orderDirection: 'asc',
    status: DEFAULT_PARTICIPANT_STATUS_FILTER,
    search: '',
  });
}

/**
 * The participant list as clinicians use it, taken from the contract so that a new sort key or
 * status is measured without touching the benchmark: every sort key in both directions on the
 * portal's default status; every sort key with a short and with a name search; and every status
 * with the default sort and with last-seen (the sort that reads participant_stats first).
 */
export function participantListScenarios(
  search: SearchTerms,
  options: { sortDirections: readonly SortDirection[]; searchKeys: 'all' | 'default' },
): Scenario[] {
  const scenarios = new Map<string, Scenario>();
  const add = (scenario: Scenario) => scenarios.set(scenario.name, scenario);
  const status = DEFAULT_PARTICIPANT_STATUS_FILTER;
  for (const orderBy of PARTICIPANT_SORT_KEYS) {
    for (const orderDirection of options.sortDirections) {
      add(participantList({ orderBy, orderDirection, status, search: '' }));
    }
  }
  const searchKeys =
    options.searchKeys === 'all' ? PARTICIPANT_SORT_KEYS : [DEFAULT_PARTICIPANT_SORT_KEY];
  for (const orderBy of searchKeys) {
    for (const term of [search.short, search.name]) {
      add(participantList({ orderBy, orderDirection: 'asc', status, search: term }));
    }
  }
  const lastSeen: ParticipantSortKey = 'last_app_open';
  for (const filter of PARTICIPANT_STATUS_FILTERS) {
    add(
      participantList({
        orderBy: DEFAULT_PARTICIPANT_SORT_KEY,
        orderDirection: 'asc',
        status: filter.value,
        search: '',
      }),
    );
    add(
      participantList({
        orderBy: lastSeen,
        orderDirection: 'desc',
        status: filter.value,
        search: '',
      }),
    );
  }
  return [...scenarios.values()];
}

/** The nudge list in every sort (contract nudges.ts). */
export function nudgeListScenarios(all: boolean): Scenario[] {
  const sorts = all
    ? NUDGE_SORT_FIELDS.flatMap((orderBy) =>
        ORDER_DIRECTIONS.map((orderDirection) => ({ orderBy, orderDirection })),
      )
    : [DEFAULT_NUDGE_SORT];
  return sorts.map((sort) => {
    const body: NudgeListRequest = { ...sort };
    return {
      group: 'nudge-list',
      name: `sort=${sort.orderBy}:${sort.orderDirection}`,
      calls: [{ method: 'POST', path: API_PATHS.nudge.list, body }],
    };
  });
}

/** The coach list in every sort (contract coach.ts). */
export function coachListScenarios(all: boolean): Scenario[] {
  const sorts = all
    ? COACH_SORT_FIELDS.flatMap((orderBy) =>
        ORDER_DIRECTIONS.map((orderDirection) => ({ orderBy, orderDirection })),
      )
    : [DEFAULT_COACH_SORT];
  return sorts.map((sort) => {
    const body: CoachListRequest = { ...sort };
    return {
      group: 'coach-list',
      name: `sort=${sort.orderBy}:${sort.orderDirection}`,
      calls: [{ method: 'POST', path: API_PATHS.chat.list, body }],
    };
  });
}

/**
 * What the participant details page loads first (its profile, then the cards): each call
 * rotates over the given participants so that the database is not answering one cached row.
 */
export function detailsScenarios(participantIds: readonly number[]): Scenario[] {
  const perParticipant: Record<string, (id: number) => ApiCall> = {
    profile: (id) => ({ method: 'GET', path: API_PATHS.user.profile(id) }),
    telemetry: (id) => ({ method: 'GET', path: `${API_PATHS.user.telemetry}?user_id=${id}` }),
    conversations: (id) => ({ method: 'GET', path: API_PATHS.chat.chatList(id) }),
    nudges: (id) => ({ method: 'GET', path: `${API_PATHS.nudge.userNudges}?user_id=${id}` }),
    surveys: (id) => ({ method: 'GET', path: `${API_PATHS.nudge.surveyResponses}?user_id=${id}` }),
  };
  return Object.entries(perParticipant).map(([name, call]) => ({
    group: 'details',
    name,
    calls: participantIds.map(call),
  }));
}

/**
 * The programme outcomes view (/outcomes): every figure of a tab's whole cohort, then narrowed to
 * the knee programme, as the screen asks for them. One set of aggregate statements each
 * (percentile_cont and counts in the database).
 */
export function outcomesScenarios(): Scenario[] {
  const queries: [string, Record<string, string>][] = [
    ['type=Internal', { type: 'Internal' }],
    ['type=Internal programme=KNEE', { type: 'Internal', programme: 'KNEE' }],
  ];
  return queries.map(([name, query]) => ({
    group: 'outcomes',
    name,
    calls: [
      { method: 'GET', path: `${API_PATHS.outcomes.programme}?${new URLSearchParams(query)}` },
    ],
  }));
}

/**
 * Clinicians at work, as one stream of calls: the participant list, a participant's details page
 * (its five first calls), the nudge list and the Flags screen, rotating over the participants.
 */
export function mixedClinicianCalls(participantIds: readonly number[]): ApiCall[] {
  const [nudges] = nudgeListScenarios(false);
  const flags: ApiCall = { method: 'POST', path: API_PATHS.flags.list, body: {} };
  const details = detailsScenarios(participantIds);
  return participantIds.flatMap((_, index) => [
    ...landingParticipantList().calls,
    ...details.flatMap((scenario) => scenario.calls[index] ?? []),
    ...(nudges?.calls ?? []),
    flags,
  ]);
}
