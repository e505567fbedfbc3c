import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseDigest } from '#app/test/security/db-digest';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { createParticipant, createSurgery } from '#app/test/factories';
import {
  authHeaders,
  buildTestApp,
  failure,
  loginAs,
  type LoggedInStaff,
  type TestApp,
} from '#app/test/build-test-app';

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

  it('a body nested thousands of levels deep is checked without overflowing the stack', async () => {
    const depth = 20_000;
    const response = await testApp.app.inject({
      method: 'POST',
      url: API_PATHS.user.list,
      headers: { ...authHeaders(clinician.access_token), 'content-type': 'application/json' },
      payload: `{"page":1,"deep":${'['.repeat(depth)}"a\\u0000"${']'.repeat(depth)}}`,
    });
    const envelope = failure(response, 400, 'VALIDATION_ERROR');
    expect(envelope.error.fields?.[0]?.field).toMatch(/^deep\.0\.0\.0/);
    expect(envelope.error.fields?.[0]?.field.length).toBeLessThanOrEqual(120);
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

describe('every route the review found answering 500 now answers 400 and stores nothing', () => {
  let participantId: number;
  let surgeryId: number;
  beforeAll(async () => {
    participantId = (await createParticipant(testApp.db)).id;
    surgeryId = (await createSurgery(testApp.db, participantId)).id;
  });

  /** [method, url, staff, JSON body with BAD where the bad text goes, the field named]. */
  const routes = (): [string, string, 'clinician' | 'admin', string, string][] => [
    ['POST', API_PATHS.user.list, 'clinician', '{"search_key":BAD,"page":1}', 'search_key'],
    [
      'POST',
      API_PATHS.user.create,
      'clinician',
      '{"email":"new.one@patients.test","name":BAD,"type":"INTERNAL"}',
      'name',
    ],
    ['PATCH', API_PATHS.user.update, 'clinician', '{"first_name":BAD}', 'first_name'],
    ['POST', API_PATHS.nudge.list, 'clinician', '{"search_key":BAD,"page":1}', 'search_key'],
    ['POST', API_PATHS.chat.list, 'clinician', '{"search_key":BAD,"page":1}', 'search_key'],
    ['POST', API_PATHS.audit.list, 'admin', '{"actor":BAD}', 'actor'],
    [
      'POST',
      API_PATHS.surgery.surgery,
      'clinician',
      `{"user_id":${participantId},"procedure":"OTHER","notes":BAD}`,
      'notes',
    ],
    [
      'PUT',
      API_PATHS.surgery.surgery,
      'clinician',
      `{"id":${surgeryId},"user_id":${participantId},"notes":BAD}`,
      'notes',
    ],
    [
      'POST',
      API_PATHS.pain.report,
      'clinician',
      `{"user_id":${participantId},"score":5,"note":BAD}`,
      'note',
    ],
  ];

  it.each(BAD_TEXTS)('%s in any of them answers 400 naming the field', async (_label, text) => {
    for (const [method, url, who, body, field] of routes()) {
      const token = (who === 'admin' ? admin : clinician).access_token;
      const before = await databaseDigest(testApp.db);
      const response = await testApp.app.inject({
        method: method as 'POST',
        url,
        headers: { ...authHeaders(token), 'content-type': 'application/json' },
        payload: body.replace('BAD', text),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(failure(response, 400, 'VALIDATION_ERROR').error.fields).toEqual([
        { field, message: MESSAGES.http.invalidText },
      ]);
      expect(await databaseDigest(testApp.db), `${method} ${url}`).toEqual(before);
    }
  });

  it('a NUL in the nudge export search answers 400 naming the field', async () => {
    // A URL cannot carry a lone surrogate: its UTF-8 bytes are invalid and decode to U+FFFD.
    const exported = await testApp.app.inject({
      method: 'GET',
      url: `${API_PATHS.nudge.export}?search_key=a%00b`,
      headers: authHeaders(clinician.access_token),
    });
    expect(failure(exported, 400, 'VALIDATION_ERROR').error.fields).toEqual([
      { field: 'search_key', message: MESSAGES.http.invalidText },
    ]);
  });
});
