import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { surgeryMutationSchema } from '@recovery-portal/contract/surgery';
import type { AddSurgeryRequest, SurgeryMutation } from '@recovery-portal/contract/surgery';
import { apiRequest } from '../../../lib/api-client';
import { getSurgeriesQueryOptions } from './get-surgeries';

/** POST /api/surgery/surgery */
export function addSurgery(body: AddSurgeryRequest): Promise<SurgeryMutation> {
  return apiRequest(API_PATHS.surgery.surgery, {
    method: 'POST',
    body,
    schema: surgeryMutationSchema,
  });
}

export function useAddSurgery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSurgery,
    onSuccess: async (_result, body) => {
      // A first surgery schedules the surveys: other cards go stale, the list reloads now.
      await queryClient.invalidateQueries({ refetchType: 'none' });
      await queryClient.invalidateQueries({
        queryKey: getSurgeriesQueryOptions(body.user_id).queryKey,
      });
    },
  });
}
