import { useMutation } from '@tanstack/react-query';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { ssoCompletionSchema, type SsoCompletion } from '@recovery-portal/contract/sso';
import { apiRequest } from '#app/lib/api/request.ts';
import { startSession } from '#app/lib/session.ts';
import { rememberEndSessionUrl } from '#app/lib/sso-end-session.ts';

/**
 * POST /api/account/oidc/complete: the browser's accepted sign-in (its httpOnly cookie) becomes
 * the portal session, or a two-step challenge when the account needs a code.
 */
export function completeSso(): Promise<SsoCompletion> {
  return apiRequest(API_PATHS.sso.complete, {
    method: 'POST',
    body: {},
    schema: ssoCompletionSchema,
  });
}

/** Stores the session (as a password sign-in does) and where logout ends the provider's. */
export function useCompleteSso() {
  return useMutation({
    mutationFn: completeSso,
    onSuccess: ({ result, end_session_url }) => {
      rememberEndSessionUrl(end_session_url);
      if (!('challenge_token' in result)) startSession(result);
    },
  });
}
