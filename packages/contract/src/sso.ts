import * as z from 'zod/mini';
import { loginResultSchema } from './mfa';

/** Single sign-on with the clinic's OpenID Connect identity provider (ADR 0015). */

/** GET sign-in options: what the login page offers. */
export const signInOptionsSchema = z.object({
  /** The "Sign in with …" button's provider name; null when single sign-on is not configured. */
  sso_name: z.nullable(z.string()),
  /** false when OIDC_ONLY hides the password form (the break-glass address still shows it). */
  password_sign_in: z.boolean(),
});
export type SignInOptions = z.infer<typeof signInOptionsSchema>;

/** POST complete: the portal session (or its two-step challenge) after the provider's sign-in. */
export const ssoCompletionSchema = z.object({
  result: loginResultSchema,
  /**
   * Where logout sends the browser so that the provider's session ends too (RP-initiated
   * logout); null when the provider does not offer it.
   */
  end_session_url: z.nullable(z.string()),
});
export type SsoCompletion = z.infer<typeof ssoCompletionSchema>;
