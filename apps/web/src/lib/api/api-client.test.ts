import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { clinicianUser, loginFor } from '#app/testing/fixtures.ts';
import {
  bodyOf,
  failure,
  jsonResponse,
  mockFetch,
  setCsrfCookie,
  success,
} from '#app/testing/http.ts';
import { ApiError } from './api-error';
import { apiDownload, fileNameOf } from './download';
import { apiRequest } from './request';
import { getSession, startSession } from '#app/lib/session.ts';

const PROTECTED = '/api/user/list-clinicians';
const itemsSchema = z.array(z.object({ id: z.number() }));

function signIn() {
  startSession(loginFor(clinicianUser));
}

describe('api client', () => {
  it('sends the bearer token and no-cache headers on authenticated calls and returns _data', async () => {
    signIn();
    const { calls } = mockFetch(() => success([{ id: 1 }]));
    await expect(apiRequest(PROTECTED, { schema: itemsSchema })).resolves.toEqual([{ id: 1 }]);
    expect(calls[0]?.headers).toMatchObject({
      authorization: 'Bearer access-1',
      'cache-control': 'no-cache',
      pragma: 'no-cache',
    });
    expect(calls[0]?.headers).not.toHaveProperty('x-xsrf-token');
  });

  it('sends login, token, send-code and signup calls without bearer or no-cache headers', async () => {
    signIn();
    setCsrfCookie();
    const { calls } = mockFetch(() => success({}));
    for (const path of [
      API_PATHS.account.login,
      API_PATHS.account.token,
      API_PATHS.account.sendCode,
      API_PATHS.account.signup,
    ]) {
      await apiRequest(path, { method: 'POST', body: {}, schema: z.unknown() });
    }
    expect(calls).toHaveLength(4);
    for (const call of calls) {
      expect(call.headers).not.toHaveProperty('authorization');
      expect(call.headers).not.toHaveProperty('cache-control');
      expect(call.headers).not.toHaveProperty('pragma');
    }
  });

  it('echoes the XSRF-TOKEN cookie in the X-XSRF-TOKEN header of every non-GET call', async () => {
    signIn();
    setCsrfCookie('abc%2B123');
    const { calls } = mockFetch(() => success({}));
    await apiRequest(PROTECTED, { method: 'PATCH', body: { id: 1 }, schema: z.unknown() });
    await apiRequest(API_PATHS.account.login, { method: 'POST', body: {}, schema: z.unknown() });
    expect(calls.map((call) => call.headers['x-xsrf-token'])).toEqual(['abc+123', 'abc+123']);
    expect(bodyOf(calls[0])).toEqual({ id: 1 });
    expect(calls[0]?.headers['content-type']).toBe('application/json');
  });

  it('on a first visit without the cookie, fetches the health check first to obtain it', async () => {
    const { calls } = mockFetch(({ url }) => {
      if (url === API_PATHS.health) {
        document.cookie = 'XSRF-TOKEN=fresh-token; path=/';
        return success({ status: 'ok', database: 'pglite' });
      }
      return success({});
    });
    await apiRequest(API_PATHS.account.login, { method: 'POST', body: {}, schema: z.unknown() });
    expect(calls.map((call) => call.url)).toEqual([API_PATHS.health, API_PATHS.account.login]);
    expect(calls[1]?.headers['x-xsrf-token']).toBe('fresh-token');
  });

  it('appends query parameters, leaving out empty ones', async () => {
    signIn();
    const { calls } = mockFetch(() => success([]));
    await apiRequest('/api/user/telemetry', {
      query: { user_id: 7, date_string: undefined, search: 'a b' },
      schema: z.array(z.unknown()),
    });
    expect(calls[0]?.url).toBe('/api/user/telemetry?user_id=7&search=a+b');
  });

  it('turns a failure envelope into an ApiError with status, code, message and fields', async () => {
    signIn();
    setCsrfCookie();
    mockFetch(() =>
      failure(400, 'VALIDATION_ERROR', 'The request is not valid.', [
        { field: 'email', message: 'Enter a valid email' },
      ]),
    );
    const error: unknown = await apiRequest(PROTECTED, {
      method: 'POST',
      body: {},
      schema: z.unknown(),
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'The request is not valid.',
      fields: [{ field: 'email', message: 'Enter a valid email' }],
    });
  });

  it("rejects a success whose _data does not match the caller's schema", async () => {
    signIn();
    mockFetch(() => success([{ id: 'not a number' }]));
    await expect(apiRequest(PROTECTED, { schema: itemsSchema })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
      message: 'Something went wrong!',
    });
  });

  it('reports an unreachable server as a network error', async () => {
    signIn();
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiRequest(PROTECTED, { schema: z.unknown() })).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
    });
  });

  it('on a 401, refreshes the tokens once, stores both and retries the call', async () => {
    signIn();
    setCsrfCookie();
    const { calls } = mockFetch(({ url, headers }) => {
      if (url === API_PATHS.account.token) {
        return success({ access_token: 'access-2', refresh_token: 'refresh-2' });
      }
      return headers.authorization === 'Bearer access-2'
        ? success([{ id: 3 }])
        : failure(401, 'UNAUTHENTICATED', 'Your session is not valid. Please log in again.');
    });

    await expect(apiRequest(PROTECTED, { schema: itemsSchema })).resolves.toEqual([{ id: 3 }]);
    expect(calls.map((call) => call.url)).toEqual([PROTECTED, API_PATHS.account.token, PROTECTED]);
    expect(bodyOf(calls[1])).toEqual({ grant_type: 'refresh_token', refresh_token: 'refresh-1' });
    expect(calls[1]?.headers).not.toHaveProperty('authorization');
    expect(getSession()).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2' });
  });

  it('parallel 401s share a single refresh', async () => {
    signIn();
    setCsrfCookie();
    const { calls } = mockFetch(async ({ url, headers }) => {
      if (url === API_PATHS.account.token) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return success({ access_token: 'access-2', refresh_token: 'refresh-2' });
      }
      return headers.authorization === 'Bearer access-2'
        ? success([{ id: 1 }])
        : failure(401, 'UNAUTHENTICATED', 'Expired.');
    });

    const results = await Promise.all([
      apiRequest(PROTECTED, { schema: itemsSchema }),
      apiRequest(PROTECTED, { schema: itemsSchema }),
      apiRequest(PROTECTED, { method: 'POST', body: {}, schema: itemsSchema }),
    ]);
    expect(results).toEqual([[{ id: 1 }], [{ id: 1 }], [{ id: 1 }]]);
    expect(calls.filter((call) => call.url === API_PATHS.account.token)).toHaveLength(1);
  });

  it('a refused refresh logs the user out and the call fails with the original 401', async () => {
    signIn();
    setCsrfCookie();
    window.sessionStorage.setItem('participant_type', 'Pilot');
    const { calls } = mockFetch(({ url }) =>
      url === API_PATHS.account.token
        ? failure(401, 'UNAUTHENTICATED', 'Your session has expired. Please log in again.')
        : failure(401, 'UNAUTHENTICATED', 'Your session is not valid. Please log in again.'),
    );

    await expect(apiRequest(PROTECTED, { schema: z.unknown() })).rejects.toMatchObject({
      status: 401,
      message: 'Your session is not valid. Please log in again.',
    });
    expect(calls).toHaveLength(2);
    expect(getSession()).toEqual({ accessToken: null, refreshToken: null, user: null });
    expect(window.sessionStorage.length).toBe(0);
  });

  it('does not retry twice when the retried call is refused again', async () => {
    signIn();
    setCsrfCookie();
    const { calls } = mockFetch(({ url }) =>
      url === API_PATHS.account.token
        ? success({ access_token: 'access-2', refresh_token: 'refresh-2' })
        : failure(401, 'UNAUTHENTICATED', 'Nope.'),
    );
    await expect(apiRequest(PROTECTED, { schema: z.unknown() })).rejects.toMatchObject({
      status: 401,
    });
    expect(calls).toHaveLength(3);
  });

  it('keeps the session when the refresh fails only because the server is unreachable', async () => {
    signIn();
    setCsrfCookie();
    mockFetch(({ url }) =>
      url === API_PATHS.account.token
        ? jsonResponse(503, { nope: true })
        : failure(401, 'UNAUTHENTICATED', 'Expired.'),
    );
    await expect(apiRequest(PROTECTED, { schema: z.unknown() })).rejects.toBeInstanceOf(ApiError);
    expect(getSession().accessToken).toBe('access-1');
  });

  it('downloads a file with the bearer token, refreshing once on a 401, and names it from the header', async () => {
    signIn();
    setCsrfCookie();
    const { calls } = mockFetch(({ url, headers }) => {
      if (url === API_PATHS.account.token) {
        return success({ access_token: 'access-2', refresh_token: 'refresh-2' });
      }
      if (headers.authorization !== 'Bearer access-2') {
        return failure(401, 'UNAUTHENTICATED', 'Expired.');
      }
      return new Response('ID,Title\r\n1,Walk\r\n', {
        status: 200,
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="nudges-2025-03-01.csv"',
        },
      });
    });

    const file = await apiDownload(API_PATHS.nudge.export, {
      query: { status: 'ACTIVE', search_key: undefined },
      accept: 'text/csv',
    });

    expect(file.fileName).toBe('nudges-2025-03-01.csv');
    await expect(file.blob.text()).resolves.toBe('ID,Title\r\n1,Walk\r\n');
    expect(calls.map((call) => call.url)).toEqual([
      '/api/nudge/export?status=ACTIVE',
      API_PATHS.account.token,
      '/api/nudge/export?status=ACTIVE',
    ]);
    expect(calls[2]?.headers).toMatchObject({
      authorization: 'Bearer access-2',
      'cache-control': 'no-cache',
    });
    expect(calls[2]?.headers.accept).toContain('text/csv');
  });

  it('a refused download throws the server sentence like any other call', async () => {
    signIn();
    mockFetch(() => failure(403, 'FORBIDDEN', 'You do not have permission to do this.'));
    await expect(apiDownload(API_PATHS.nudge.export)).rejects.toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
      message: 'You do not have permission to do this.',
    });
  });

  it.each([
    [403, 'FORBIDDEN'],
    [429, 'RATE_LIMITED'],
    [503, 'SERVICE_UNAVAILABLE'],
    [502, 'INTERNAL_ERROR'],
  ] as const)(
    'a %i page without an envelope (a proxy answering) fails with the code %s',
    async (status, code) => {
      signIn();
      mockFetch(() => new Response('<html>proxy</html>', { status }));
      await expect(apiRequest(PROTECTED, { schema: itemsSchema })).rejects.toMatchObject({
        status,
        code,
      });
    },
  );

  it('reads plain and RFC 6266 file names from Content-Disposition', () => {
    expect(fileNameOf('attachment; filename="a b.csv"')).toBe('a b.csv');
    expect(fileNameOf('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(fileNameOf('attachment; filename="x.csv"; filename*=UTF-8\'\'n%C3%BCdges.csv')).toBe(
      'nüdges.csv',
    );
    expect(fileNameOf('attachment')).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });
});
