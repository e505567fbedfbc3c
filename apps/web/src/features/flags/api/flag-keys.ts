import type { FlagListQuery } from '@recovery-portal/contract/flags';
import { openFlagKeys } from '#app/lib/query-keys.ts';

/** The flags feature's queries; `all` covers both, so an acknowledgement refreshes them all. */
export const flagKeys = {
  all: ['flags'] as const,
  openList: (query: FlagListQuery) => [...openFlagKeys.all, query] as const,
  participant: (participantId: number) => [...flagKeys.all, 'participant', participantId] as const,
};
