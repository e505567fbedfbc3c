import { API_PATHS } from '@recovery-portal/contract/paths';
import { surgeryMutationSchema } from '@recovery-portal/contract/surgery';
import type { AddSurgeryRequest, SurgeryMutation } from '@recovery-portal/contract/surgery';
import { apiRequest } from '#app/lib/api/request.ts';
import { useSurgeryMutation } from './surgery-mutation';

/** POST /api/surgery/surgery */
export function addSurgery(body: AddSurgeryRequest): Promise<SurgeryMutation> {
  return apiRequest(API_PATHS.surgery.surgery, {
    method: 'POST',
    body,
    schema: surgeryMutationSchema,
  });
}

export function useAddSurgery() {
  return useSurgeryMutation(addSurgery);
}
