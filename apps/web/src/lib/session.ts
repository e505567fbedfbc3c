import { useSyncExternalStore } from 'react';
import type { LoginResponse, TokenPair } from '@recovery-portal/contract/account';
import { SESSION_KEYS } from '@recovery-portal/contract/constants';
import { WEB_ROUTES } from '@recovery-portal/contract/paths';
import { sessionUserSchema } from '@recovery-portal/contract/users';
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

function parseUser(raw: string | null): SessionUser | null {
  if (raw === null) return null;
  try {
    const parsed = sessionUserSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
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
  window.sessionStorage.setItem(SESSION_KEYS.user, JSON.stringify(login.user));
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
