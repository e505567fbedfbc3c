import type { LightMyRequestResponse } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { PARTICIPANT_APP_MESSAGES } from '@recovery-portal/contract/participant-app';
import { participantListRowSchema } from '@recovery-portal/contract/participants';
import { API_PATHS, PARTICIPANT_PAGES } from '@recovery-portal/contract/paths';
import { PASSWORD_POLICY_MESSAGES } from '@recovery-portal/contract/password-policy-messages';
import { auditLog } from '#app/db/schema/audit';
import { users } from '#app/db/schema/users';
import { escapeHtml } from '#app/mail/escape-html';
import { failure, loginAs, postJson, successData, useTestApp } from '#app/test/build-test-app';
import { createParticipant, FACTORY_PASSWORD } from '#app/test/factories';
import { callApi, seedGroups } from '#app/test/participant-fixtures';
import {
  authorizeQuery,
  openAuthorize,
  pkce,
  postAuthorize,
  registerApp,
} from '#app/features/fhir/smart-auth/app-launch.fixtures';

const testApp = useTestApp();

beforeEach(async () => {
  await testApp.reset();
});

const NEW_PASSWORD = 'Heron-kettle-orbit-52';

/** A browser on the participant pages: it keeps the form cookie between GET and POST. */
async function openPage(url: string) {
  const page = await testApp.app.inject({ method: 'GET', url });
  const cookie = page.cookies.find((c) => c.name === 'rp_participant_form');
  const csrf = /name="csrf"\s+value="([^"]+)"/.exec(page.body)?.[1] ?? '';
  return { page, cookie: cookie ? `${cookie.name}=${cookie.value}` : '', csrf };
}

function postPage(
  url: string,
  browser: { cookie: string; csrf: string },
  fields: Record<string, string>,
): Promise<LightMyRequestResponse> {
  return testApp.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: browser.cookie },
    payload: new URLSearchParams({ csrf: browser.csrf, ...fields }).toString(),
  });
}

const shows = (response: LightMyRequestResponse, sentence: string) =>
  expect(response.body).toContain(escapeHtml(sentence));

/** A clinician invites a participant; the emailed activation link and the participant's id. */
async function invite(email: string) {
  const clinician = await loginAs(testApp, 'CLINICIAN');
  await seedGroups(testApp.db, ['CZ']);
  const row = successData(
    await callApi(testApp, 'POST', API_PATHS.user.create, clinician.access_token, {
      email,
      name: 'Pat Example',
      type: 'Internal',
      group: 'CZ',
    }),
    participantListRowSchema,
  );
  const link = testApp.sentMail.at(-1)?.link;
  if (!link) throw new Error('the invitation carries no link');
  const url = new URL(link);
  return { id: row.id, path: `${url.pathname}${url.search}` };
}

describe('an invited participant activates their account', () => {
  it('sets a password meeting the staff policy with the emailed code, becomes Active with a joined date, and signs in to an app', async () => {
    const { id, path } = await invite('pat@example.org');
    const [invited] = await testApp.db.select().from(users).where(eq(users.id, id));
    expect(invited?.joinedAt).toBeNull();
    const browser = await openPage(path);
    expect(browser.page.statusCode).toBe(200);
    expect(browser.page.headers['cache-control']).toBe('no-store');
    expect(browser.page.body).toContain('<meta name="viewport"');
    // The link filled in email and code, so they are shown read-only (DESIGN §5).
    expect(browser.page.body).toMatch(
      /name="user_name"\s+type="email"[^>]*value="pat@example.org"\s+readonly/,
    );
    expect(browser.page.body).toMatch(/name="login_code"\s+type="text"[^>]*readonly/);
    const code = new URLSearchParams(path.split('?')[1]).get('login_code') ?? '';
    const fields = { user_name: 'pat@example.org', login_code: code, from_link: '1' };

    const weak = await postPage(PARTICIPANT_PAGES.activate, browser, {
      ...fields,
      password: 'short',
      confirm_password: 'short',
    });
    expect(weak.statusCode).toBe(400);
    shows(weak, PASSWORD_POLICY_MESSAGES.tooShort);
    const guessable = await postPage(PARTICIPANT_PAGES.activate, browser, {
      ...fields,
      password: 'password1234',
      confirm_password: 'password1234',
    });
    expect(guessable.statusCode).toBe(400);
    expect(guessable.body).toMatch(/Password is too easy to guess/);
    const mismatch = await postPage(PARTICIPANT_PAGES.activate, browser, {
      ...fields,
      password: NEW_PASSWORD,
      confirm_password: `${NEW_PASSWORD}x`,
    });
    shows(mismatch, MESSAGES.validation.passwordsDiffer);

    const done = await postPage(PARTICIPANT_PAGES.activate, browser, {
      ...fields,
      password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    });
    expect(done.statusCode).toBe(200);
    shows(done, PARTICIPANT_APP_MESSAGES.activateDone);
    const [account] = await testApp.db.select().from(users).where(eq(users.id, id));
    expect(account?.status).toBe('ACTIVATED');
    // The participants list's "joined on": set by activation (an invited participant has none).
    expect(account?.joinedAt).toBeInstanceOf(Date);
    // Audited about a participant, as every row about one is.
    const [passwordSet] = await testApp.db
      .select({ subjectType: auditLog.subjectType })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.password.set'), eq(auditLog.subjectId, id)));
    expect(passwordSet?.subjectType).toBe('participant');

    // The code worked once.
    const again = await postPage(PARTICIPANT_PAGES.activate, browser, {
      ...fields,
      password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    });
    expect(again.statusCode).toBe(422);
    shows(again, MESSAGES.account.codeInvalid);

    // And the new password opens the app's sign-in.
    const clientId = await registerApp(testApp);
    const { session } = await openAuthorize(testApp, authorizeQuery(clientId, pkce().challenge));
    if (!session) throw new Error('no session');
    const signedIn = await postAuthorize(testApp, session, {
      action: 'sign-in',
      email: 'pat@example.org',
      password: NEW_PASSWORD,
    });
    expect(signedIn.statusCode).toBe(200);
    shows(signedIn, PARTICIPANT_APP_MESSAGES.consentTitle);
  });

  it('refuses a wrong code and a form without the browser’s token, and never answers 500 to odd input', async () => {
    await invite('sam@example.org');
    const browser = await openPage(PARTICIPANT_PAGES.activate);
    expect(browser.page.body).not.toMatch(/"\s+readonly/);
    const body = {
      user_name: 'sam@example.org',
      login_code: 'WRONGCODE2',
      password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    };
    const wrong = await postPage(PARTICIPANT_PAGES.activate, browser, body);
    expect(wrong.statusCode).toBe(422);
    shows(wrong, MESSAGES.account.codeInvalid);
    const forged = await postPage(
      PARTICIPANT_PAGES.activate,
      { ...browser, csrf: 'x'.repeat(43) },
      body,
    );
    expect(forged.statusCode).toBe(403);
    shows(forged, PARTICIPANT_APP_MESSAGES.formExpired);
    const noCookie = await postPage(PARTICIPANT_PAGES.activate, { ...browser, cookie: '' }, body);
    expect(noCookie.statusCode).toBe(403);
    const huge = await postPage(PARTICIPANT_PAGES.activate, browser, {
      ...body,
      user_name: `${'a'.repeat(5000)}@example.org`,
      login_code: '<script>',
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.body).not.toContain('<script>');
    const json = await testApp.app.inject({
      method: 'POST',
      url: PARTICIPANT_PAGES.activate,
      headers: { 'content-type': 'application/json', cookie: browser.cookie },
      payload: { csrf: browser.csrf, user_name: ['x'] },
    });
    expect(json.statusCode).toBeLessThan(500);
    const [account] = await testApp.db
      .select()
      .from(users)
      .where(eq(users.email, 'sam@example.org'));
    expect(account?.status).toBe('PENDING_ACTIVATION');
  });
});

describe('Forgot password? for participants', () => {
  it('emails a participant a code to their own set-password page; an unknown email gets the same answer', async () => {
    const participant = await createParticipant(testApp.db, { email: 'rose@example.org' });
    const browser = await openPage(PARTICIPANT_PAGES.forgotPassword);
    expect(browser.page.statusCode).toBe(200);
    expect(browser.page.body).toMatch(/<label for="field-user_name">Email<\/label\s*>/);
    const sent = await postPage(PARTICIPANT_PAGES.forgotPassword, browser, {
      user_name: participant.email,
    });
    expect(sent.statusCode).toBe(200);
    shows(sent, PARTICIPANT_APP_MESSAGES.forgotSent);
    const mail = testApp.sentMail.at(-1);
    expect(mail?.to).toBe('rose@example.org');
    const link = new URL(mail?.link ?? '');
    expect(link.pathname).toBe(PARTICIPANT_PAGES.activate);

    const unknown = await postPage(PARTICIPANT_PAGES.forgotPassword, browser, {
      user_name: 'nobody@example.org',
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(sent.body);
    expect(testApp.sentMail).toHaveLength(1);

    // The emailed code sets a new password, and the old one stops working.
    const reset = await openPage(`${link.pathname}${link.search}`);
    const done = await postPage(PARTICIPANT_PAGES.activate, reset, {
      user_name: participant.email,
      login_code: link.searchParams.get('login_code') ?? '',
      from_link: '1',
      password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    });
    expect(done.statusCode).toBe(200);
    const clientId = await registerApp(testApp);
    const { session } = await openAuthorize(testApp, authorizeQuery(clientId, pkce().challenge));
    if (!session) throw new Error('no session');
    const old = await postAuthorize(testApp, session, {
      action: 'sign-in',
      email: participant.email,
      password: FACTORY_PASSWORD,
    });
    expect(old.statusCode).toBe(401);

    const invalid = await postPage(PARTICIPANT_PAGES.forgotPassword, browser, {
      user_name: 'not an email',
    });
    expect(invalid.statusCode).toBe(400);
    shows(invalid, MESSAGES.validation.emailInvalid);
  });
});

describe('the portal', () => {
  it('keeps refusing participants, with the one sign-in refusal', async () => {
    const participant = await createParticipant(testApp.db);
    const response = await postJson(testApp.app, API_PATHS.account.login, {
      user_name: participant.email,
      password: FACTORY_PASSWORD,
    });
    expect(failure(response, 401, 'UNAUTHENTICATED')._error).toBe(MESSAGES.account.signInRefused);
  });
});
