import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  coachListKeys,
  invalidateParticipantLists,
  myTaskKeys,
  nudgeListKeys,
  openFlagKeys,
  participantListKeys,
} from './query-keys';

const LIST_KEYS = [
  [...participantListKeys.all, { type: 'Pilot' }],
  [...openFlagKeys.all, { type: 'Pilot' }],
  [...myTaskKeys.all, '2026-03-14'],
  [...nudgeListKeys.all, { type: 'Pilot' }],
  [...coachListKeys.all, { type: 'Pilot' }],
];

describe('query keys several features share', () => {
  it('a change to a participant makes every list showing participants stale, and nothing else', async () => {
    const queryClient = new QueryClient();
    const profile = ['participant-details', 'profile', 7];
    for (const queryKey of [...LIST_KEYS, profile]) queryClient.setQueryData(queryKey, {});
    await invalidateParticipantLists(queryClient);
    for (const queryKey of LIST_KEYS) {
      expect(queryClient.getQueryState(queryKey)?.isInvalidated, JSON.stringify(queryKey)).toBe(
        true,
      );
    }
    expect(queryClient.getQueryState(profile)?.isInvalidated).toBe(false);
  });
});
