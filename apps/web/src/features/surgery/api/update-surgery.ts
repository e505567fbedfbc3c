import { API_PATHS } from '@recovery-portal/contract/paths';
import { surgeryMutationSchema } from '@recovery-portal/contract/surgery';
import type { UpdateSurgeryRequest, SurgeryMutation } from '@recovery-portal/contract/surgery';
import { apiRequest } from '#app/lib/api/request.ts';
import { useSurgeryMutation } from './surgery-mutation';

/** PUT /api/surgery/surgery */
export function updateSurgery(body: UpdateSurgeryRequest): Promise<SurgeryMutation> {
  return apiRequest(API_PATHS.surgery.surgery, {
    method: 'PUT',
    body,
    schema: surgeryMutationSchema,
  });
}

export function useUpdateSurgery() {
  return useSurgeryMutation(updateSurgery);
}
