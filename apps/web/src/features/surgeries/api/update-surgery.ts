import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { surgeryMutationSchema } from '@recovery-portal/contract/surgery';
import type { UpdateSurgeryRequest, SurgeryMutation } from '@recovery-portal/contract/surgery';
import { apiRequest } from '../../../lib/api-client';
import { getSurgeriesQueryOptions } from './get-surgeries';

/** PUT /api/surgery/surgery */
export function updateSurgery(body: UpdateSurgeryRequest): Promise<SurgeryMutation> {
  return apiRequest(API_PATHS.surgery.surgery, {
    method: 'PUT',
    body,
    schema: surgeryMutationSchema,
  });
}

export function useUpdateSurgery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSurgery,
    onSuccess: async (_result, body) => {
      // A new date moves the unsubmitted surveys: other cards go stale, the list reloads now.
      await queryClient.invalidateQueries({ refetchType: 'none' });
      await queryClient.invalidateQueries({
        queryKey: getSurgeriesQueryOptions(body.user_id).queryKey,
      });
    },
  });
}
