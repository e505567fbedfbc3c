import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assignResponsibleResultSchema } from '@recovery-portal/contract/care-team';
import type {
  AssignResponsible,
  AssignResponsibleResult,
} from '@recovery-portal/contract/care-team';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';
import { openFlagKeys, participantListKeys } from '#app/lib/query-keys.ts';
import { careTeamKeys } from './care-team-keys';

/** POST /api/care-team/assign — one participant or the list's selection; all or nothing. */
export function assignResponsible(body: AssignResponsible): Promise<AssignResponsibleResult> {
  return apiRequest(API_PATHS.careTeam.assign, {
    method: 'POST',
    body,
    schema: assignResponsibleResultSchema,
  });
}

/**
 * Assigns the responsible clinician. The care team card, the Participants list and the Flags
 * screen ("Mine") show it, so they refresh.
 */
export function useAssignResponsible() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignResponsible,
    onSettled: () =>
      Promise.all(
        [careTeamKeys.all, participantListKeys.all, openFlagKeys.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
