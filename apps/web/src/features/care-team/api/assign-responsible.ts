import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assignResponsibleResultSchema } from '@recovery-portal/contract/care-team';
import type {
  AssignResponsible,
  AssignResponsibleResult,
} from '@recovery-portal/contract/care-team';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/care-team/assign — one participant or the list's selection; all or nothing. */
export function assignResponsible(body: AssignResponsible): Promise<AssignResponsibleResult> {
  return apiRequest(API_PATHS.careTeam.assign, {
    method: 'POST',
    body,
    schema: assignResponsibleResultSchema,
  });
}

/**
 * Assigns the responsible clinician. The participant lists, the Flags screen ("Mine") and the
 * details page all show it, so every cached query is refreshed.
 */
export function useAssignResponsible() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignResponsible,
    onSettled: () => queryClient.invalidateQueries(),
  });
}
