import { useMutation } from '@tanstack/react-query';
import { mfaEnrolledLoginSchema } from '@recovery-portal/contract/mfa';
import type { MfaChallengeEnrolConfirm, MfaEnrolledLogin } from '@recovery-portal/contract/mfa';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';

/**
 * POST /api/account/mfa/enrol/confirm: the first code turns two-step sign-in on and answers the
 * session with the recovery codes. The session starts once the codes have been seen.
 */
export function confirmMfaEnrolment(body: MfaChallengeEnrolConfirm): Promise<MfaEnrolledLogin> {
  return apiRequest(API_PATHS.mfa.enrolConfirm, {
    method: 'POST',
    body,
    schema: mfaEnrolledLoginSchema,
  });
}

export function useConfirmMfaEnrolment() {
  return useMutation({ mutationFn: confirmMfaEnrolment });
}
