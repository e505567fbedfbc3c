import { useMutation, useQueryClient } from '@tanstack/react-query';
import { flagSchema } from '@recovery-portal/contract/flags';
import type { AcknowledgeFlagRequest, Flag } from '@recovery-portal/contract/flags';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '../../../lib/api-client';
import { FLAGS_KEY } from './get-open-flags';

/** POST /api/flags/acknowledge — with an optional note; 409 when someone already did. */
export function acknowledgeFlag(body: AcknowledgeFlagRequest): Promise<Flag> {
  return apiRequest(API_PATHS.flags.acknowledge, {
    method: 'POST',
    body,
    schema: flagSchema,
  });
}

/**
 * Acknowledges a flag. Either way (a 409 means the flag changed under us) the flag lists reload;
 * every other cached query — the participant lists with their flag counts — is marked stale,
 * to refetch when next shown.
 */
export function useAcknowledgeFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeFlag,
    onSettled: async () => {
      await queryClient.invalidateQueries({ refetchType: 'none' });
      await queryClient.invalidateQueries({ queryKey: FLAGS_KEY });
    },
  });
}
