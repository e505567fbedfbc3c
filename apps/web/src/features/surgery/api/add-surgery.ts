import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { surgeryMutationSchema } from '@recovery-portal/contract/surgery';
import type { AddSurgeryRequest, SurgeryMutation } from '@recovery-portal/contract/surgery';
import { apiRequest } from '#app/lib/api/request.ts';
import { outcomeKeys, surgeryKeys, surveyKeys } from '#app/lib/query-keys.ts';

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
      // The surgery date schedules the surveys and anchors the outcome trends.
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
