import { useMutation } from '@tanstack/react-query';
import { mfaEnrolmentSchema } from '@recovery-portal/contract/mfa';
import type { MfaChallengeEnrolStart, MfaEnrolment } from '@recovery-portal/contract/mfa';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';

/** POST /api/account/mfa/enrol/start: the secret for a setup an administrator requires. */
export function startMfaEnrolment(body: MfaChallengeEnrolStart): Promise<MfaEnrolment> {
  return apiRequest(API_PATHS.mfa.enrolStart, {
    method: 'POST',
    body,
    schema: mfaEnrolmentSchema,
  });
}

export function useStartMfaEnrolment() {
  return useMutation({ mutationFn: startMfaEnrolment });
}
