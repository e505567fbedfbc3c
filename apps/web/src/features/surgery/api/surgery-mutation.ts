import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SurgeryMutation } from '@recovery-portal/contract/surgery';
import { outcomeKeys, surgeryKeys, surveyKeys } from '#app/lib/query-keys.ts';

/**
 * Adding or changing a surgery: its date schedules the unsubmitted surveys and anchors the
 * outcome trends' time line, so those reload with the list.
 */
export function useSurgeryMutation<Body extends { user_id: number }>(
  mutationFn: (body: Body) => Promise<SurgeryMutation>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (_result, body) => {
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
