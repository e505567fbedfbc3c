import { useMutation, useQueryClient } from '@tanstack/react-query';
import { flagSchema } from '@recovery-portal/contract/flags';
import type { AcknowledgeFlagRequest, Flag } from '@recovery-portal/contract/flags';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';
import { participantListKeys } from '#app/lib/query-keys.ts';
import { flagKeys } from './flag-keys';

/** POST /api/flags/acknowledge — with an optional note; 409 when someone already did. */
export function acknowledgeFlag(body: AcknowledgeFlagRequest): Promise<Flag> {
  return apiRequest(API_PATHS.flags.acknowledge, {
    method: 'POST',
    body,
    schema: flagSchema,
  });
}

/**
 * Acknowledges a flag. Either way (a 409 means the flag changed under us) the flag lists reload,
 * and the Participants list (flag counts) refetches when next shown.
 */
export function useAcknowledgeFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeFlag,
    onSettled: async () => {
      await Promise.all(
        [flagKeys.all, participantListKeys.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
