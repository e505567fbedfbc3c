import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { SendCodeRequest } from '@recovery-portal/contract/account';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';

/** POST /api/account/reset-password: emails an activation code. Only success matters here. */
export async function sendCode(body: SendCodeRequest): Promise<void> {
  await apiRequest(API_PATHS.account.sendCode, { method: 'POST', body, schema: z.unknown() });
}

export function useSendCode() {
  return useMutation({ mutationFn: sendCode });
}
