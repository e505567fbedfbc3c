import { useMutation } from '@tanstack/react-query';
import { mfaEnrolmentSchema } from '@recovery-portal/contract/mfa';
import type { MfaEnrolment } from '@recovery-portal/contract/mfa';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';

/** POST /api/account/mfa/setup: a pending secret, as a QR code and as text. */
export function startMfaSetup(): Promise<MfaEnrolment> {
  return apiRequest(API_PATHS.mfa.setup, { method: 'POST', schema: mfaEnrolmentSchema });
}

export function useStartMfaSetup() {
  return useMutation({ mutationFn: startMfaSetup });
}
