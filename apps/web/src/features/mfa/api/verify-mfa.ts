import { useMutation } from '@tanstack/react-query';
import { loginResponseSchema } from '@recovery-portal/contract/account';
import type { LoginResponse } from '@recovery-portal/contract/account';
import type { MfaVerifyRequest } from '@recovery-portal/contract/mfa';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';
import { startSession } from '#app/lib/session.ts';

/** POST /api/account/mfa/verify: the code (or a recovery code) completes the sign-in. */
export function verifyMfa(body: MfaVerifyRequest): Promise<LoginResponse> {
  return apiRequest(API_PATHS.mfa.verify, {
    method: 'POST',
    body,
    schema: loginResponseSchema,
  });
}

/** Completes the sign-in and stores the session before any caller callback runs. */
export function useVerifyMfa() {
  return useMutation({ mutationFn: verifyMfa, onSuccess: (data) => startSession(data) });
}
