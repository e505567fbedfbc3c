import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { API_PATHS } from '@recovery-portal/contract/paths';
import {
  authHeaders,
  buildTestApp,
  failure,
  loginAs,
  type LoggedInStaff,
  type TestApp,
} from '../test/build-test-app';

let testApp: TestApp;
let clinician: LoggedInStaff;
let admin: LoggedInStaff;

beforeAll(async () => {
  testApp = await buildTestApp();
  clinician = await loginAs(testApp, 'CLINICIAN');
  admin = await loginAs(testApp, 'ADMINISTRATOR');
});
afterAll(async () => {
  await testApp.close();
});

/** JSON text with the string spelled as escapes, as a client sending a lone surrogate would. */
const BAD_TEXTS = [
  ['a NUL byte', '"a\\u0000b"'],
  ['a lone high surrogate', '"a\\ud800b"'],
  ['a lone low surrogate', '"\\udc00"'],
] as const;

describe('text that cannot be stored is refused in one place', () => {
  it.each(BAD_TEXTS)(
    '%s in the participant search answers 400 naming the field',
    async (_label, text) => {
      const response = await testApp.app.inject({
        method: 'POST',
        url: API_PATHS.user.list,
        headers: { ...authHeaders(clinician.access_token), 'content-type': 'application/json' },
        payload: `{"search_key":${text},"page":1}`,
      });
      const envelope = failure(response, 400, 'VALIDATION_ERROR');
      expect(envelope.error.fields).toEqual([
        { field: 'search_key', message: MESSAGES.http.invalidText },
      ]);
    },
  );

  it.each(BAD_TEXTS)(
    '%s in the audit filter answers 400, and nothing is audited',
    async (_l, text) => {
      const response = await testApp.app.inject({
        method: 'POST',
        url: API_PATHS.audit.list,
        headers: { ...authHeaders(admin.access_token), 'content-type': 'application/json' },
        payload: `{"actor":${text}}`,
      });
      failure(response, 400, 'VALIDATION_ERROR');
    },
  );

  it('a NUL in a query string or a nested field answers 400 too', async () => {
    const query = await testApp.app.inject({
      method: 'GET',
      url: `${API_PATHS.audit.export}?actor=a%00b`,
      headers: authHeaders(admin.access_token),
    });
    expect(failure(query, 400, 'VALIDATION_ERROR').error.fields).toEqual([
      { field: 'actor', message: MESSAGES.http.invalidText },
    ]);
    const nested = await testApp.app.inject({
      method: 'POST',
      url: API_PATHS.user.create,
      headers: { ...authHeaders(clinician.access_token), 'content-type': 'application/json' },
      payload: '{"profile":{"names":["ok","bad\\u0000"]}}',
    });
    expect(failure(nested, 400, 'VALIDATION_ERROR').error.fields).toEqual([
      { field: 'profile.names.1', message: MESSAGES.http.invalidText },
    ]);
  });

  it('well-formed text with emoji (surrogate pairs) and accents still gets through', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: API_PATHS.user.list,
      headers: { ...authHeaders(clinician.access_token), 'content-type': 'application/json' },
      payload: JSON.stringify({ search_key: 'Zoë 😀', page: 1 }),
    });
    expect(response.statusCode).toBe(200);
  });
});
