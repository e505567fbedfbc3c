import { useSyncExternalStore } from 'react';
import type { LoginResponse, TokenPair } from '@recovery-portal/contract/account';
import { SESSION_KEYS } from '@recovery-portal/contract/constants';
import { WEB_ROUTES } from '@recovery-portal/contract/paths';
import type { SessionUser, StaffRole } from '@recovery-portal/contract/users';

/**
 * The signed-in staff member, kept in session storage (spec §3 'Session') so that it ends with
 * the browser tab. Everything else that must reset on logout also lives in session storage and
 * is notified through `subscribeSession`.
 */
export type Session = {
  accessToken: string | null;
  refreshToken: string | null;
  /** null when absent or when the stored JSON no longer matches the contract. */
  user: SessionUser | null;
};

type Listener = () => void;
const listeners = new Set<Listener>();

/** Re-render subscribers after any change made through this module or its siblings. */
export function notifySessionChange(): void {
  for (const listener of [...listeners]) listener();
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function readItem(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    // Storage can be blocked by browser privacy settings; behave as logged out.
    return null;
  }
}

type UserCheck = (value: unknown) => SessionUser | null;

/** The contract check of a stored user, once loaded (see loadSessionValidation). */
let checkUser: UserCheck | null = null;
/** The user this page stored at login: it came from a validated response, so it needs no check. */
let startedUser: { raw: string; user: SessionUser } | null = null;

/**
 * Loads the contract check of the stored user. The app awaits it before its first render when a
 * user is stored (a reload while signed in); a visit without a session, such as the first load
 * of /login, renders without the validation library (DESIGN §7).
 */
export async function loadSessionValidation(): Promise<void> {
  if (checkUser) return;
  checkUser = (await import('./session-user')).parseSessionUser;
  // A snapshot taken without the check must not outlive it.
  cached = null;
}

/** True when this tab holds a signed-in user (from an earlier page load). */
export function hasStoredUser(): boolean {
  return readItem(SESSION_KEYS.user) !== null;
}

function parseUser(raw: string | null): SessionUser | null {
  if (raw === null) return null;
  if (startedUser?.raw === raw) return startedUser.user;
  // Without the contract check a stored user cannot be trusted, so it counts as absent.
  if (!checkUser) return null;
  try {
    return checkUser(JSON.parse(raw));
  } catch {
    return null;
  }
}

// useSyncExternalStore needs a stable snapshot, so reuse it while the raw strings are unchanged.
let cached: { raw: [string | null, string | null, string | null]; session: Session } | null = null;

export function getSession(): Session {
  const raw: [string | null, string | null, string | null] = [
    readItem(SESSION_KEYS.accessToken),
    readItem(SESSION_KEYS.refreshToken),
    readItem(SESSION_KEYS.user),
  ];
  if (cached?.raw.every((value, index) => value === raw[index])) return cached.session;
  const session: Session = {
    accessToken: raw[0] || null,
    refreshToken: raw[1] || null,
    user: parseUser(raw[2]),
  };
  cached = { raw, session };
  return session;
}

/** Stores what the login call returned: both tokens and the whole user. */
export function startSession(login: LoginResponse): void {
  window.sessionStorage.setItem(SESSION_KEYS.accessToken, login.access_token);
  window.sessionStorage.setItem(SESSION_KEYS.refreshToken, login.refresh_token);
  const raw = JSON.stringify(login.user);
  window.sessionStorage.setItem(SESSION_KEYS.user, raw);
  startedUser = { raw, user: login.user };
  notifySessionChange();
}

/** A token refresh replaces both tokens (spec §4). */
export function setTokens(tokens: TokenPair): void {
  window.sessionStorage.setItem(SESSION_KEYS.accessToken, tokens.access_token);
  window.sessionStorage.setItem(SESSION_KEYS.refreshToken, tokens.refresh_token);
  notifySessionChange();
}

/** Logout clears all of session storage, which also resets the participant-type tab (spec §4). */
export function clearSession(): void {
  try {
    window.sessionStorage.clear();
  } finally {
    notifySessionChange();
  }
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** Where the logo and a signed-in visit to /login lead (spec §6). */
export function homePathFor(role: StaffRole): string {
  return role === 'ADMINISTRATOR' ? WEB_ROUTES.adminHome : WEB_ROUTES.home;
}
