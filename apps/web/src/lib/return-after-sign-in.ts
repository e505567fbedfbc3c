import { MESSAGES } from '@recovery-portal/contract/messages';
import { WEB_ROUTES } from '@recovery-portal/contract/paths';
import type { StaffRole } from '@recovery-portal/contract/users';

/**
 * Where sign-in leads back to when the session ended in the middle of work, and whether the
 * login page should say that it expired. Kept in memory, not in session storage (which the
 * sign-out clears) nor in the URL (so no link can send a user elsewhere after sign-in), and
 * plain code without the router, so the login page's first load stays small.
 */
let expiring = false;
let pending: { path: string; expired: boolean } | null = null;

/** The server refused to renew the session: it ran out (or was ended elsewhere). */
export function markSessionExpired(): void {
  expiring = true;
}

/** The page asked for without a session: sign-in leads there. */
export function rememberReturnPath(path: string): void {
  pending = { path, expired: false };
}

/**
 * The session ended while `path` was shown. Only an expired one comes back there: after the
 * Logout button the next person to sign in on this tab starts at home.
 */
export function noteSessionEnded(path: string): void {
  if (expiring) pending = { path, expired: true };
  expiring = false;
}

/** The sentence for the login page after an expired session, else null. */
export function sessionExpiredNotice(): string | null {
  return pending?.expired ? MESSAGES.account.refreshInvalid : null;
}

/** The administrator's pages; every other guarded page is a clinician's (app/router.tsx). */
const ADMINISTRATOR_PAGES: readonly string[] = [WEB_ROUTES.adminHome, WEB_ROUTES.auditLog];

function belongsTo(path: string, role: StaffRole): boolean {
  const pathname = path.split(/[?#]/)[0] ?? '';
  const adminPage = ADMINISTRATOR_PAGES.includes(pathname);
  return role === 'ADMINISTRATOR' ? adminPage : !adminPage;
}

/**
 * Where to go after signing in: the remembered page when it is one of this role's, else home.
 * Either way the memory is used up.
 */
export function signInDestination(role: StaffRole, home: string): string {
  const remembered = pending;
  pending = null;
  expiring = false;
  if (remembered?.path.startsWith('/') && !remembered.path.startsWith('//')) {
    if (belongsTo(remembered.path, role)) return remembered.path;
  }
  return home;
}
