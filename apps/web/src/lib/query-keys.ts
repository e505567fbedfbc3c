import type { QueryClient } from '@tanstack/react-query';
import type { ParticipantListQuery } from '@recovery-portal/contract/participants';

/**
 * Query keys that more than one feature reads or invalidates; a feature's other keys stay in its
 * own `api/*-keys.ts`. A change refreshes the keys whose data it changed: queries on screen
 * refetch now, the others when next shown.
 */

/** The Participants list, every page under any filter (participants feature). */
export const participantListKeys = {
  all: ['participants', 'list'] as const,
  list: (query: ParticipantListQuery) => [...participantListKeys.all, query] as const,
};

/** The open flags of the Flags screen (flags feature); its "Mine" follows the care team. */
export const openFlagKeys = {
  all: ['flags', 'open'] as const,
};

/** My tasks (care-team feature), each naming its participant. */
export const myTaskKeys = { all: ['tasks', 'mine'] as const };

/** The Nudges and Coach lists, filtered by participant type (nudges and coach features). */
export const nudgeListKeys = { all: ['nudges', 'list'] as const };
export const coachListKeys = { all: ['coach-conversations', 'list'] as const };

/** A participant's surgeries: the surgeries section, and imaging files images under them. */
export const surgeryKeys = {
  list: (participantId: number) => ['surgeries', 'list', participantId] as const,
};

/** A participant's survey schedule and outcome trends follow the date of their surgery. */
export const surveyKeys = {
  participant: (participantId: number) => ['surveys', participantId] as const,
};
export const outcomeKeys = {
  participant: (participantId: number) => ['outcomes', participantId] as const,
  programme: (query: object) => ['outcomes', 'programme', query] as const,
};

/**
 * After a participant's type, status or existence changed: every list that shows participants
 * (Participants, Flags, My tasks, Nudges, Coach). They are not on screen then, so nothing is
 * fetched until one is shown again.
 */
export async function invalidateParticipantLists(queryClient: QueryClient): Promise<void> {
  const lists = [
    participantListKeys.all,
    openFlagKeys.all,
    myTaskKeys.all,
    nudgeListKeys.all,
    coachListKeys.all,
  ];
  await Promise.all(lists.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
