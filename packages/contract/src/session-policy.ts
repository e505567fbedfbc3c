import * as z from 'zod/mini';

/** IDLE_TIMEOUT_MINUTES: how long a signed-in portal may go without activity. */
export const DEFAULT_IDLE_TIMEOUT_MINUTES = 15;
export const MAX_IDLE_TIMEOUT_MINUTES = 24 * 60;

/** GET /api/account/session-policy (public): what the portal's idle logoff needs to know. */
export const sessionPolicySchema = z.object({
  idle_timeout_minutes: z.int().check(z.positive()),
});
export type SessionPolicy = z.infer<typeof sessionPolicySchema>;

/** How long before the idle logoff the portal warns: a minute, or half of a shorter period. */
export function idleWarningSeconds(idleMinutes: number): number {
  return Math.min(60, Math.floor((idleMinutes * 60) / 2));
}

/**
 * While the user is active the portal renews its session (rotates the refresh token) whenever
 * the last renewal is older than this. Pointer and key activity never reach the server, so this
 * renewal is how the server learns that the session is in use.
 */
export function sessionRenewalSeconds(idleMinutes: number): number {
  return Math.min(5 * 60, Math.max(10, Math.floor((idleMinutes * 60) / 3)));
}

/**
 * The server refuses a session not renewed for this long. An active portal renews at least every
 * sessionRenewalSeconds, so the margin keeps an active user from ever being refused, while a
 * laptop closed mid-session can resume it at most that margin after the idle period.
 */
export function idleCutoffSeconds(idleMinutes: number): number {
  return idleMinutes * 60 + sessionRenewalSeconds(idleMinutes);
}

function minutesText(minutes: number): string {
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

export const SESSION_POLICY_MESSAGES = {
  idleSignedOut: (minutes: number) =>
    `You were signed out after ${minutesText(minutes)} without activity.`,
  warningTitle: 'Are you still there?',
  warningBody: (seconds: number) =>
    `For your security you will be signed out in ${seconds} ${seconds === 1 ? 'second' : 'seconds'} because there has been no activity.`,
  staySignedIn: 'Stay signed in',
  signOutNow: 'Sign out now',
} as const;

/**
 * A browser in which a staff member completed a sign-in stays trusted for that account this
 * long (its device cookie): its failed sign-ins have their own budget (OWASP device cookies).
 */
export const TRUSTED_BROWSER_DAYS = 30;
