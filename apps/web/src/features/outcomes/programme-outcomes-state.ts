import { MINE_URL_VALUE } from '@recovery-portal/contract/care-team';
import { RECOVERY_PROGRAMMES } from '@recovery-portal/contract/outcomes';
import type { ProgrammeOutcomesQuery } from '@recovery-portal/contract/programme-outcomes';
import type { ParticipantType } from '@recovery-portal/contract/users';
import { cohortFiltersOf } from '#app/lib/cohort-filters.ts';
import { useListState, type ListState } from '#app/lib/list-state.ts';
import { useParticipantType } from '#app/lib/participant-type.ts';

/** The programme view's filters as kept in the URL, named as the participant list names them. */
export const PROGRAMME_OUTCOME_DEFAULTS = {
  mine: '',
  group: '',
  surgeryFrom: '',
  surgeryTo: '',
  programme: '',
} as const satisfies Record<string, string>;

export type ProgrammeOutcomeKey = keyof typeof PROGRAMME_OUTCOME_DEFAULTS;

const ALLOWED = { mine: [MINE_URL_VALUE], programme: RECOVERY_PROGRAMMES } as const;

/** The API query of a URL state under the participant-type tab. */
export function toProgrammeOutcomesQuery(
  values: Readonly<Record<ProgrammeOutcomeKey, string>>,
  type: ParticipantType,
): ProgrammeOutcomesQuery {
  return { type, mine: values.mine === MINE_URL_VALUE, ...cohortFiltersOf(values) };
}

export type ProgrammeOutcomesState = ListState<ProgrammeOutcomeKey> & {
  query: ProgrammeOutcomesQuery;
};

/** The programme view's URL state, and the query it makes under the current type tab. */
export function useProgrammeOutcomesState(): ProgrammeOutcomesState {
  const [type] = useParticipantType();
  const list = useListState(PROGRAMME_OUTCOME_DEFAULTS, { allowed: ALLOWED });
  return { ...list, query: toProgrammeOutcomesQuery(list.values, type) };
}
