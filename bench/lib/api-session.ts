import { CSRF_COOKIE, CSRF_HEADER } from '@recovery-portal/contract/constants';
import type { LoginRequest } from '@recovery-portal/contract/account';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../apps/server/src/demo/demo-accounts';

/**
 * Headers a signed-in portal sends: bearer token, the double-submit CSRF cookie and header, and
 * the compression Chromium accepts, so that the server compresses answers as it does for users.
 */
export type SessionHeaders = Record<string, string>;

const CHROMIUM_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** The seeded clinician the benchmark signs in as. */
export function benchClinician(): LoginRequest {
  const clinician = DEMO_ACCOUNTS.find((account) => account.role === 'CLINICIAN');
  if (!clinician) throw new Error('the demo accounts have no clinician');
  return { user_name: clinician.email, password: DEMO_PASSWORD };
}

/**
 * Signs in through the real API as the portal does: any response hands out the XSRF-TOKEN
 * cookie, and the login POST echoes it in the X-XSRF-TOKEN header.
 */
export async function signIn(baseUrl: string, credentials: LoginRequest): Promise<SessionHeaders> {
  const health = await fetch(`${baseUrl}${API_PATHS.health}`);
  const cookie = health.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .find((pair) => pair.startsWith(`${CSRF_COOKIE}=`));
  if (!cookie) throw new Error(`the server set no ${CSRF_COOKIE} cookie`);
  const csrf = decodeURIComponent(cookie.slice(CSRF_COOKIE.length + 1));
  const csrfHeaders = { cookie, [CSRF_HEADER.toLowerCase()]: csrf };
  const response = await fetch(`${baseUrl}${API_PATHS.account.login}`, {
    method: 'POST',
    headers: { ...csrfHeaders, 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  const payload = (await response.json()) as { _data?: { access_token?: string } };
  const token = payload._data?.access_token;
  if (!response.ok || !token) {
    throw new Error(`login as ${credentials.user_name} failed: HTTP ${response.status}`);
  }
  return {
    ...csrfHeaders,
    authorization: `Bearer ${token}`,
    'accept-encoding': CHROMIUM_ACCEPT_ENCODING,
  };
}
