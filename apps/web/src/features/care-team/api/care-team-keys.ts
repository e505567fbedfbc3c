import { myTaskKeys } from '#app/lib/query-keys.ts';

/** The care team's queries: who is responsible, who can be, and the tasks. */
export const careTeamKeys = {
  all: ['care-team'] as const,
  staff: () => [...careTeamKeys.all, 'staff'] as const,
  participant: (participantId: number) =>
    [...careTeamKeys.all, 'participant', participantId] as const,
};

/** Every task query starts with `all`, so a change refreshes them all. */
export const taskKeys = {
  all: ['tasks'] as const,
  /** `today` is this browser's local date: what is overdue depends on it. */
  mine: (today: string) => [...myTaskKeys.all, today] as const,
  participant: (participantId: number) => [...taskKeys.all, 'participant', participantId] as const,
};
