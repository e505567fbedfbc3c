import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { surgeryMutationSchema } from '@recovery-portal/contract/surgery';
import type { UpdateSurgeryRequest, SurgeryMutation } from '@recovery-portal/contract/surgery';
import { apiRequest } from '#app/lib/api/request.ts';
import { outcomeKeys, surgeryKeys, surveyKeys } from '#app/lib/query-keys.ts';

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
      // A new date moves the unsubmitted surveys and the outcome trends' time line.
      await Promise.all(
        [
          surgeryKeys.list(body.user_id),
          surveyKeys.participant(body.user_id),
          outcomeKeys.participant(body.user_id),
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}
