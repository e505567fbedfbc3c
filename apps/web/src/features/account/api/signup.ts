import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { SignupRequest } from '@recovery-portal/contract/signup';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';

/** POST /api/account/signup: sets a new password with the emailed activation code. */
export async function signup(body: SignupRequest): Promise<void> {
  await apiRequest(API_PATHS.account.signup, { method: 'POST', body, schema: z.unknown() });
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
