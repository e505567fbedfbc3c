/**
 * Single sign-on (ADR 0015): constants and sentences without zod, so the login page's first
 * load can show a refusal and the button without the validation library (DESIGN §7).
 */

/** Why a single sign-on was refused; the login page shows the matching sentence. */
export const SSO_REFUSALS = [
  'not_configured',
  'provider_unavailable',
  'provider_error',
  'expired',
  'state_mismatch',
  'invalid_response',
  'email_missing',
  'email_unverified',
  'unknown_account',
  'account_suspended',
  'not_staff',
  'identity_mismatch',
] as const;
export type SsoRefusal = (typeof SSO_REFUSALS)[number];

export const SSO_REFUSAL_MESSAGES: Record<SsoRefusal, string> = {
  not_configured: 'Single sign-on is not set up for this portal.',
  provider_unavailable:
    'The identity provider cannot be reached right now. Try again in a moment, or ask your administrator.',
  provider_error: 'The identity provider did not complete the sign-in. Please try again.',
  expired:
    'This sign-in has expired, was already used or was started in another browser. Please sign in again.',
  state_mismatch:
    'This sign-in does not match the one this browser started, so it was refused. Please sign in again.',
  invalid_response:
    'The answer from the identity provider could not be verified, so the sign-in was refused.',
  email_missing:
    'The identity provider did not tell the portal your email address. Ask your administrator to release the email claim to the portal.',
  email_unverified:
    'Your email address is not verified at the identity provider, so it cannot be used to sign in to the portal.',
  unknown_account:
    'No portal account matches your email address. Ask an administrator to add you as a clinician.',
  account_suspended: 'Your portal account is deactivated. Ask an administrator to reactivate it.',
  not_staff: 'Only clinicians and administrators can sign in to the portal.',
  identity_mismatch:
    'Your identity provider account is not the one this portal account was first signed in with, so the sign-in was refused. Ask an administrator.',
};

/** Query parameters the sign-in callback sends the browser back to the login page with. */
export const SSO_LOGIN_PARAMS = {
  /** Present after the provider's sign-in succeeded: the login page completes the session. */
  complete: 'sso',
  /** A refusal, one of SSO_REFUSALS. */
  refused: 'sso_error',
  /** Shows the password form although OIDC_ONLY hides it (administrators' break-glass path). */
  password: 'password',
} as const;

/** How long a started sign-in may take at the identity provider and back. */
export const SSO_SIGN_IN_TTL_MINUTES = 10;

/** The default label: "Sign in with Single sign-on". */
export const DEFAULT_SSO_NAME = 'Single sign-on';
export const DEFAULT_SSO_SCOPES = 'openid email profile';

export const SSO_MESSAGES = {
  signInWith: (name: string) => `Sign in with ${name}`,
  refusedTitle: 'Single sign-on refused',
  completing: 'Completing single sign-on…',
} as const;
