import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { clinicianSchema } from '@recovery-portal/contract/clinicians';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { auditLog } from '#app/db/schema/audit';
import { loginCodes } from '#app/db/schema/auth';
import { outbox } from '#app/db/schema/outbox';
import { users } from '#app/db/schema/users';
import {
  authHeaders,
  buildTestApp,
  loginAs,
  successData,
  type LoggedInStaff,
  type TestApp,
} from '#app/test/build-test-app';

/**
 * Adding a clinician writes four things: the account, its set-password code, the welcome
 * email in the outbox and the audit row. A trigger, created here on one of their tables at a
 * time, makes that write fail; then none of the four may be left behind.
 */

let testApp: TestApp;
let admin: LoggedInStaff;

beforeAll(async () => {
  // The configured mailer: without SMTP_URL that is the outbox table.
  testApp = await buildTestApp({}, { captureMail: false });
});
afterAll(async () => {
  await testApp.close();
});
beforeEach(async () => {
  await testApp.reset();
  admin = await loginAs(testApp, 'ADMINISTRATOR');
});

async function withInsertsFailing(table: string, run: () => Promise<void>) {
  await testApp.db.execute(sql`
    create function refuse_insert() returns trigger language plpgsql as $$
    begin raise exception 'this table refuses the row'; end $$`);
  await testApp.db.execute(
    sql.raw(`create trigger refuse_insert before insert on ${table}
      for each row execute function refuse_insert()`),
  );
  try {
    await run();
  } finally {
    await testApp.db.execute(sql.raw(`drop trigger refuse_insert on ${table}`));
    await testApp.db.execute(sql`drop function refuse_insert()`);
  }
}

const EMAIL = 'new.clinician@clinic.test';

const createClinician = () =>
  testApp.app.inject({
    method: 'POST',
    url: API_PATHS.user.createClinician,
    headers: authHeaders(admin.access_token),
    payload: { name: 'Nora New', email: EMAIL, dea_reg_id: 'REG-4711' },
  });

const createAuditRows = async () =>
  (
    await testApp.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, AUDIT_ACTIONS.clinicianCreate))
  ).length;

/** What adding the clinician left in each of the four tables (audit rows: since `auditBefore`). */
async function leftBehind(auditBefore: number) {
  const accounts = await testApp.db.select().from(users).where(eq(users.email, EMAIL));
  const codes = accounts[0]
    ? await testApp.db.select().from(loginCodes).where(eq(loginCodes.userId, accounts[0].id))
    : [];
  return {
    accounts: accounts.length,
    codes: codes.length,
    mails: (await testApp.db.select().from(outbox).where(eq(outbox.recipient, EMAIL))).length,
    auditRows: (await createAuditRows()) - auditBefore,
  };
}

describe('adding a clinician stores all of it or none of it', () => {
  it.each([
    ['the account', 'users'],
    ['the set-password code', 'login_codes'],
    ['the welcome email', 'outbox'],
    ['the audit row', 'audit_log'],
  ])('when %s cannot be stored, nothing is, and the administrator can retry', async (_, table) => {
    // The audit trail is append-only: a reset keeps its rows.
    const auditBefore = await createAuditRows();
    await withInsertsFailing(table, async () => {
      const response = await createClinician();
      expect(response.statusCode).toBeGreaterThanOrEqual(500);
      expect(JSON.parse(response.body)).toMatchObject({ _success: false });
    });
    expect(await leftBehind(auditBefore)).toEqual({
      accounts: 0,
      codes: 0,
      mails: 0,
      auditRows: 0,
    });

    successData(await createClinician(), clinicianSchema);
    expect(await leftBehind(auditBefore)).toEqual({
      accounts: 1,
      codes: 1,
      mails: 1,
      auditRows: 1,
    });
  });
});
