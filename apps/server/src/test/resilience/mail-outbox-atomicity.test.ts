import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { outbox } from '#app/db/schema/outbox';
import { users } from '#app/db/schema/users';
import {
  authHeaders,
  buildTestApp,
  loginAs,
  postJson,
  type TestApp,
} from '#app/test/build-test-app';

/**
 * Without SMTP, an invitation or a reminder and its email in the outbox are one transaction:
 * when the email cannot be stored, the change rolls back with it. (A crash between the two is
 * the crash test's case.) A trigger on the outbox stands in for the failing write.
 */
describe('a change and its email in the outbox are written together', () => {
  let testApp: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    testApp = await buildTestApp({}, { captureMail: false });
    headers = authHeaders((await loginAs(testApp, 'CLINICIAN')).access_token);
  });
  afterAll(async () => {
    await testApp.close();
  });

  async function withOutboxFailing(run: () => Promise<void>) {
    await testApp.db.execute(sql`
      create function refuse_outbox() returns trigger language plpgsql as $$
      begin raise exception 'the outbox refuses mail'; end $$`);
    await testApp.db.execute(sql`
      create trigger refuse_outbox before insert on outbox
      for each row execute function refuse_outbox()`);
    try {
      await run();
    } finally {
      await testApp.db.execute(sql`drop trigger refuse_outbox on outbox`);
      await testApp.db.execute(sql`drop function refuse_outbox()`);
    }
  }

  const invite = (email: string) =>
    postJson(
      testApp.app,
      API_PATHS.user.create,
      { email, name: 'Ada Outbox', type: 'Pilot', group: 'CZ' },
      { headers },
    );
  const accountOf = async (email: string) =>
    (await testApp.db.select().from(users).where(eq(users.email, email)))[0];
  const mailTo = (email: string) =>
    testApp.db.select().from(outbox).where(eq(outbox.recipient, email));

  it('an invitation whose email cannot be stored leaves no participant behind', async () => {
    const email = 'no-mail@outbox.test';
    await withOutboxFailing(async () => {
      expect((await invite(email)).statusCode).toBeGreaterThanOrEqual(500);
    });
    expect(await accountOf(email)).toBeUndefined();
    expect(await mailTo(email)).toEqual([]);

    expect((await invite(email)).statusCode).toBe(200);
    expect(await accountOf(email)).toBeDefined();
    expect(await mailTo(email)).toHaveLength(1);
  });

  it('a reminder whose email cannot be stored does not count as sent', async () => {
    const email = 'remind@outbox.test';
    expect((await invite(email)).statusCode).toBe(200);
    const account = await accountOf(email);
    if (!account) throw new Error('not invited');
    // Due for a reminder.
    await testApp.db
      .update(users)
      .set({ nextRemindDate: new Date(Date.now() - 60_000), lastRemindedAt: null })
      .where(eq(users.id, account.id));
    const remind = () =>
      postJson(testApp.app, API_PATHS.account.remind, { user_id: account.id }, { headers });

    await withOutboxFailing(async () => {
      expect((await remind()).statusCode).toBeGreaterThanOrEqual(500);
    });
    expect((await accountOf(email))?.lastRemindedAt).toBeNull();
    expect(await mailTo(email)).toHaveLength(1);

    expect((await remind()).statusCode).toBe(200);
    expect((await accountOf(email))?.lastRemindedAt).not.toBeNull();
    expect(await mailTo(email)).toHaveLength(2);
  });
});
