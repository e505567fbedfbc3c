import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { messageSchema } from '@recovery-portal/contract/envelope';
import { API_PATHS, RESET_LINK_PARAMS, WEB_ROUTES } from '@recovery-portal/contract/paths';
import type { Database } from '#app/db/client';
import { loginCodes } from '#app/db/schema/auth';
import { outbox } from '#app/db/schema/outbox';
import { buildTestApp, postJson, successData, type TestApp } from '#app/test/build-test-app';
import { createStaff } from '#app/test/factories';
import { createOutboxMailer, createSmtpMailer } from './mailer';

interface ReceivedMail {
  from: string | null;
  to: string[];
  raw: string;
}

/** A real SMTP server on a free local port that keeps every message it accepts. */
async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on localhost: the built-in certificate is self-signed and would be refused.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { mailFrom, rcptTo } = session.envelope;
        received.push({
          from: mailFrom ? mailFrom.address : null,
          to: rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    const listening = server.listen(0, '127.0.0.1', () => {
      resolve((listening.address() as AddressInfo).port);
    });
    listening.once('error', reject);
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Undoes quoted-printable transfer encoding (soft line breaks and =XX escapes). */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded
    .split(/\r?\n/)
    .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** The tables of schema public in which some row's text holds `text`. */
async function tablesHolding(db: Database, text: string): Promise<string[]> {
  const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
  const tables = rowsOf(
    await db.execute(sql`select tablename from pg_tables where schemaname = 'public'`),
  ).map((row) => String(row.tablename));
  const holding: string[] = [];
  for (const table of tables) {
    const [row] = rowsOf(
      await db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table)} as r where r::text like ${`%${text}%`}`,
      ),
    );
    if (Number(row?.n) > 0) holding.push(table);
  }
  return holding;
}

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let testApp: TestApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  // captureMail false: the app must choose SMTP itself because SMTP_URL is set.
  testApp = await buildTestApp({ SMTP_URL: smtp.url }, { captureMail: false });
});
afterAll(async () => {
  await testApp?.close();
  await smtp?.close();
});
beforeEach(async () => {
  await testApp.reset();
  smtp.received.splice(0);
});

describe('SMTP mail', () => {
  it('a clinician who asks for a code receives it by SMTP with a working reset link', async () => {
    const clinician = await createStaff(testApp.db);
    const response = await postJson(testApp.app, API_PATHS.account.sendCode, {
      user_name: clinician.email,
    });
    successData(response, messageSchema);

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.to).toEqual([clinician.email]);
    expect(mail?.from).toBe('no-reply@recovery-portal.invalid');
    expect(header(mail?.raw ?? '', 'subject')).toBe('Your Recovery Portal activation code');
    expect(header(mail?.raw ?? '', 'to')).toContain(clinician.email);

    const body = decodeQuotedPrintable(mail?.raw ?? '');
    const linkPrefix = `${testApp.config.publicUrl}${WEB_ROUTES.resetPassword}?${RESET_LINK_PARAMS.userName}=${encodeURIComponent(clinician.email)}&${RESET_LINK_PARAMS.loginCode}=`;
    expect(body).toContain(linkPrefix);
    const code = /login_code=([A-Z0-9]+)/.exec(body)?.[1] ?? '';
    expect(code).toMatch(/^[A-Z0-9]{8,}$/);

    // The emailed code is the one the server stored (as a hash) for this account.
    const [stored] = await testApp.db
      .select()
      .from(loginCodes)
      .where(eq(loginCodes.userId, clinician.id));
    expect(stored?.codeHash).toBe(createHash('sha256').update(code).digest('hex'));
    // With SMTP configured nothing lands in the outbox table.
    expect(await testApp.db.select().from(outbox)).toHaveLength(0);
    // Sent, the code is kept nowhere but as its digest: no row, no backup can hand it on.
    expect(await tablesHolding(testApp.db, code)).toEqual([]);
    expect(await tablesHolding(testApp.db, stored?.codeHash ?? '-')).toEqual(['login_codes']);
  });

  it('no mail is sent for an email without an account', async () => {
    const response = await postJson(testApp.app, API_PATHS.account.sendCode, {
      user_name: 'nobody@clinic.test',
    });
    successData(response, messageSchema);
    expect(smtp.received).toHaveLength(0);
  });

  it('the SMTP mailer sends the given message from MAIL_FROM', async () => {
    const mailer = createSmtpMailer(smtp.url, 'Clinic Desk <desk@clinic.test>');
    expect(mailer.transport).toBe('smtp');
    await mailer.send({ to: 'someone@clinic.test', subject: 'Hello there', text: 'Plain body' });
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.from).toBe('desk@clinic.test');
    expect(mail?.to).toEqual(['someone@clinic.test']);
    expect(header(mail?.raw ?? '', 'subject')).toBe('Hello there');
    expect(mail?.raw).toContain('Plain body');
  });
});

describe('outbox mail', () => {
  it('the outbox logs a message only once its row has committed, never for one that rolled back', async () => {
    const logger = testApp.app.log.child({});
    const info = vi.spyOn(logger, 'info');
    const mailer = createOutboxMailer(testApp.db, logger);
    const queueWithin = mailer.queueWithin;
    if (!queueWithin) throw new Error('the outbox queues within transactions');
    const message = (to: string) => ({ to, subject: 'Your code', text: `code for ${to}` });
    const mailTo = (to: string) => testApp.db.select().from(outbox).where(eq(outbox.recipient, to));

    await expect(
      testApp.db.transaction(async (tx) => {
        await queueWithin(tx, message('rolled-back@clinic.test'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(info).not.toHaveBeenCalled();
    expect(await mailTo('rolled-back@clinic.test')).toEqual([]);

    await testApp.db.transaction(async (tx) => {
      await queueWithin(tx, message('kept@clinic.test'));
      expect(info).not.toHaveBeenCalled();
    });
    expect(info).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(info.mock.calls[0])).not.toContain('kept@clinic.test');
    expect(await mailTo('kept@clinic.test')).toHaveLength(1);
  });

  it('without SMTP a message is kept in the outbox table', async () => {
    const mailer = createOutboxMailer(testApp.db, testApp.app.log);
    expect(mailer.transport).toBe('outbox');
    await mailer.send({
      to: 'someone@clinic.test',
      subject: 'Your code',
      text: 'Open http://portal.test/reset-password?user_name=x&login_code=ABC',
      html: '<p>code</p>',
    });
    const rows = await testApp.db.select().from(outbox);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      recipient: 'someone@clinic.test',
      subject: 'Your code',
      text: 'Open http://portal.test/reset-password?user_name=x&login_code=ABC',
      html: '<p>code</p>',
    });
    expect(rows[0]?.createdAt).toBeInstanceOf(Date);
    expect(smtp.received).toHaveLength(0);
  });
});
