import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { outbox } from '#app/db/schema/outbox';
import { linkAnnouncement } from '#app/mail/link-announcement';
import { createOutboxMailer } from '#app/mail/mailer';
import {
  authHeaders,
  buildTestApp,
  loginAs,
  postJson,
  type TestApp,
} from '#app/test/build-test-app';
import { createParticipant, createStaff } from '#app/test/factories';

const SEARCH_TERM = 'Quillfeather';
let testApp: TestApp;
const logged: string[] = [];

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => logged.push(chunk.toString('utf8')));
  testApp = await buildTestApp({ LOG_LEVEL: 'trace' }, { captureMail: false, logStream: stream });
});
afterAll(async () => {
  await testApp.close();
});

describe('the log of a full flow holds no patient or staff data', () => {
  it('signing in, searching, opening a participant, exporting and resetting a password log no name, email, search text or code', async () => {
    const participant = await createParticipant(testApp.db, {
      firstName: 'Zebulon',
      lastName: SEARCH_TERM,
      email: 'zebulon.quill@patients.test',
    });
    const staff = await createStaff(testApp.db, {
      firstName: 'Octavia',
      lastName: 'Brightwater',
      email: 'octavia.bright@clinic.test',
    });
    const clinician = await loginAs(testApp, 'CLINICIAN');
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    const headers = authHeaders(clinician.access_token);

    await postJson(
      testApp.app,
      API_PATHS.user.list,
      { search_key: SEARCH_TERM, page: 1 },
      { headers },
    );
    await testApp.app.inject({
      method: 'GET',
      url: API_PATHS.user.profile(participant.id),
      headers,
    });
    await testApp.app.inject({
      method: 'GET',
      url: `${API_PATHS.audit.export}?actor=${encodeURIComponent(staff.email)}`,
      headers: authHeaders(admin.access_token),
    });
    // A page URL carrying the search, and a refused sign-in with a wrong password.
    await testApp.app.inject({ method: 'GET', url: `/api/nowhere?q=${SEARCH_TERM}` });
    await postJson(testApp.app, API_PATHS.account.login, {
      user_name: staff.email,
      password: 'Wrong-password-Zebulon',
    });
    await postJson(testApp.app, API_PATHS.account.sendCode, { user_name: staff.email });

    const [mail] = await testApp.db.select().from(outbox);
    const code = /login_code=([A-Z0-9]+)/.exec(mail?.text ?? '')?.[1];
    expect(code, 'the reset mail was queued in the outbox').toBeTruthy();

    const log = logged.join('');
    expect(log).toContain('mail queued in outbox');
    expect(log).toContain('/api/user/id/:id');
    for (const secret of [
      participant.email,
      'Zebulon',
      SEARCH_TERM,
      staff.email,
      'Octavia',
      'Brightwater',
      clinician.email,
      code ?? 'no code',
      `/api/user/id/${participant.id}`,
    ]) {
      expect(log, `the log mentions ${secret}`).not.toContain(secret);
    }
  });

  it('a failed query is logged without its parameters', async () => {
    const lines: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(chunk.toString('utf8')));
    const app = await buildTestApp(
      { LOG_LEVEL: 'error' },
      {
        logStream: stream,
        beforeReady: (fastify) => {
          fastify.get('/api/test/failing-query', { config: { access: 'public' } }, async () => {
            throw new Error(
              'Failed query: select * from users where email = $1\nparams: zebulon.quill@patients.test',
              { cause: new Error('duplicate key value violates unique constraint') },
            );
          });
        },
      },
    );
    try {
      const response = await app.app.inject({ method: 'GET', url: '/api/test/failing-query' });
      expect(response.statusCode).toBe(500);
      const log = lines.join('');
      expect(log).toContain('Failed query: select * from users where email = $1');
      expect(log).toContain('duplicate key value');
      expect(log).not.toContain('zebulon.quill@patients.test');
    } finally {
      await app.close();
    }
  });
});

describe('the outbox without SMTP', () => {
  it('in development prints the set-password link as its own marked line; otherwise prints none', async () => {
    const announced: string[] = [];
    const link = 'http://portal.test/reset-password?user_name=a%40b.test&login_code=ABCD2345';
    const message = { to: 'a@b.test', subject: 'Your code', text: `Open ${link}`, link };
    await createOutboxMailer(testApp.db, testApp.app.log, {
      announceLink: (line) => announced.push(line),
    }).send(message);
    expect(announced).toEqual([linkAnnouncement(link)]);
    expect(announced[0]).toMatch(/^>>> DEVELOPMENT ONLY/);

    const before = logged.length;
    await createOutboxMailer(testApp.db, testApp.app.log).send(message);
    expect(logged.slice(before).join('')).not.toContain('ABCD2345');
  });
});
