import { useMutation } from '@tanstack/react-query';
import { loginResponseSchema } from '@recovery-portal/contract/account';
import type { LoginRequest, LoginResponse } from '@recovery-portal/contract/account';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '../../../lib/api-client';
import { startSession } from '../../../lib/session';

/** POST /api/account/login */
export function login(body: LoginRequest): Promise<LoginResponse> {
  return apiRequest(API_PATHS.account.login, {
    method: 'POST',
    body,
    schema: loginResponseSchema,
  });
}

/** Signs in and stores both tokens and the user before any caller callback runs. */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (data) => startSession(data),
  });
}
