import { CSRF_COOKIE } from '@recovery-portal/contract/constants';
import { API_PATHS } from '@recovery-portal/contract/paths';

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(separator + 1).trim());
    } catch {
      return part.slice(separator + 1).trim();
    }
  }
  return null;
}

let csrfBootstrap: Promise<void> | null = null;

/**
 * Double-submit CSRF: the header echoes the cookie. On a first visit there is no cookie yet;
 * any response sets it, so one shared GET of the health check obtains it.
 */
export async function csrfToken(): Promise<string | null> {
  const existing = readCookie(CSRF_COOKIE);
  if (existing !== null) return existing;
  csrfBootstrap ??= fetch(API_PATHS.health, {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
  })
    .then(() => undefined)
    .catch(() => undefined)
    .finally(() => {
      csrfBootstrap = null;
    });
  await csrfBootstrap;
  return readCookie(CSRF_COOKIE);
}
