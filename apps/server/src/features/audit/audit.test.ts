import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginResponseSchema } from '@recovery-portal/contract/account';
import {
  AUDIT_ACTIONS,
  AUDIT_CSV_HEADER,
  AUDIT_MESSAGES,
  auditListResponseSchema,
  MAX_AUDIT_PARTICIPANT_MATCHES,
  type AuditAction,
  type AuditListRequest,
} from '@recovery-portal/contract/audit';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { auditLog } from '#app/db/schema/audit';
import { users } from '#app/db/schema/users';
import { CSV_BOM } from '#app/lib/csv';
import {
  authHeaders,
  buildTestApp,
  csrfHeaders,
  failure,
  loginAs,
  postJson,
  successData,
  type LoggedInStaff,
  type TestApp,
} from '#app/test/build-test-app';
import { createParticipant, createStaff, FACTORY_PASSWORD } from '#app/test/factories';
import { auditedReadsOf } from '#app/test/audit-rows';
import { statementsOf } from '#app/test/statements-of';
import { AUDIT_EXPORT_BATCH_SIZE } from './audit.repository';

let testApp: TestApp;
let admin: LoggedInStaff;

beforeAll(async () => {
  testApp = await buildTestApp({
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '2',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '50',
  });
});
afterAll(async () => {
  await testApp.close();
});
beforeEach(async () => {
  await testApp.reset();
  admin = await loginAs(testApp, 'ADMINISTRATOR');
});

/** audit_log is never emptied: each test marks its own rows with a fresh email domain. */
function freshDomain(): string {
  return `${randomBytes(4).toString('hex')}.audit.test`;
}

function listAudit(body: AuditListRequest | Record<string, unknown>, token = admin.access_token) {
  return postJson(testApp.app, API_PATHS.audit.list, body, { headers: authHeaders(token) });
}

function exportAudit(query: Record<string, string>, token: string | null = admin.access_token) {
  return testApp.app.inject({
    method: 'GET',
    url: API_PATHS.audit.export,
    query,
    headers: token ? authHeaders(token) : csrfHeaders(),
  });
}

async function seedRows(
  rows: {
    actorEmail: string;
    action?: AuditAction;
    subjectType?: string;
    subjectId?: number;
    details?: Record<string, unknown>;
    createdAt?: Date;
  }[],
) {
  await testApp.db.insert(auditLog).values(
    rows.map((row) => ({
      actorEmail: row.actorEmail,
      action: row.action ?? AUDIT_ACTIONS.participantProfileView,
      subjectType: row.subjectType ?? null,
      subjectId: row.subjectId ?? null,
      details: row.details ?? null,
      clientAddress: '10.1.2.3',
      requestId: randomBytes(8).toString('hex'),
      ...(row.createdAt ? { createdAt: row.createdAt } : {}),
    })),
  );
}

/** One participant more than a participant filter may match, all with emails at `domain`. */
async function addTooManyParticipants(domain: string) {
  await testApp.db.insert(users).values(
    Array.from({ length: MAX_AUDIT_PARTICIPANT_MATCHES + 1 }, (_, index) => ({
      role: 'PARTICIPANT' as const,
      status: 'ACTIVATED' as const,
      email: `many-${index}@${domain}`,
      participantType: 'Internal' as const,
    })),
  );
}

const entriesOf = async (body: AuditListRequest) =>
  successData(await listAudit(body), auditListResponseSchema);

describe('audit log list', () => {
  it("an administrator sees a clinician's view of a participant with who, what, whom, when, from where and which request", async () => {
    const participant = await createParticipant(testApp.db, {
      firstName: 'Paula',
      lastName: 'Quist',
    });
    const clinician = await loginAs(testApp, 'CLINICIAN');
    const view = await testApp.app.inject({
      method: 'GET',
      url: API_PATHS.user.profile(participant.id),
      headers: authHeaders(clinician.access_token),
      remoteAddress: '10.9.8.7',
    });
    expect(view.statusCode).toBe(200);

    const page = await entriesOf({ participant: String(participant.id) });
    const row = page.entries.find((entry) => entry.action === AUDIT_ACTIONS.participantProfileView);
    expect(row).toMatchObject({
      actor_id: clinician.user.id,
      actor_email: clinician.email,
      subject_type: 'participant',
      subject_id: participant.id,
      subject_name: `Paula Quist <${participant.email}>`,
      client_address: '10.9.8.7',
      request_id: view.headers['x-request-id'],
    });
    expect(Date.now() - Date.parse(row?.created_at ?? '')).toBeLessThan(60_000);
  });

  it('a row keeps the names the actor and the participant had at the time of the action', async () => {
    const participant = await createParticipant(testApp.db, {
      firstName: 'Paula',
      lastName: 'Quist',
    });
    const clinician = await loginAs(testApp, 'CLINICIAN');
    const view = await testApp.app.inject({
      method: 'GET',
      url: API_PATHS.user.profile(participant.id),
      headers: authHeaders(clinician.access_token),
    });
    expect(view.statusCode).toBe(200);
    const [before] = await testApp.db
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, clinician.user.id));

    // Both marry and change their names afterwards.
    await testApp.db
      .update(users)
      .set({ lastName: 'Renamed' })
      .where(inArray(users.id, [participant.id, clinician.user.id]));

    const page = await entriesOf({ participant: String(participant.id) });
    const row = page.entries.find((entry) => entry.action === AUDIT_ACTIONS.participantProfileView);
    expect(row?.subject_name).toBe(`Paula Quist <${participant.email}>`);
    expect(row?.actor_name).toBe(`${before?.firstName} ${before?.lastName} <${clinician.email}>`);
    expect(row?.actor_name).not.toContain('Renamed');
  });

  it('rows come newest first and the filters narrow them by actor email, action, participant and time', async () => {
    const domain = freshDomain();
    const alice = `alice@${domain}`;
    const bob = `bob@${domain}`;
    const participant = await createParticipant(testApp.db, {
      firstName: 'Zebulon',
      lastName: 'Marsh',
      email: `zeb@${domain}`,
    });
    await seedRows([
      {
        actorEmail: alice,
        action: AUDIT_ACTIONS.login,
        createdAt: new Date('2025-03-01T08:00:00Z'),
      },
      {
        actorEmail: alice,
        action: AUDIT_ACTIONS.participantProfileView,
        subjectType: 'participant',
        subjectId: participant.id,
        createdAt: new Date('2025-03-02T08:00:00Z'),
      },
      {
        actorEmail: bob,
        action: AUDIT_ACTIONS.participantProfileView,
        subjectType: 'participant',
        subjectId: participant.id + 100_000,
        createdAt: new Date('2025-03-03T08:00:00Z'),
      },
      {
        actorEmail: bob,
        action: AUDIT_ACTIONS.participantsList,
        details: { returned: [participant.id] },
        createdAt: new Date('2025-03-04T08:00:00Z'),
      },
      {
        actorEmail: bob,
        action: AUDIT_ACTIONS.nudgeList,
        details: { participant_ids: [participant.id + 1, participant.id] },
        createdAt: new Date('2025-03-05T08:00:00Z'),
      },
    ]);
    const actionsOf = async (body: AuditListRequest) =>
      (await entriesOf(body)).entries.map((entry) => `${entry.actor_email} ${entry.action}`);

    expect(await actionsOf({ actor: domain })).toEqual([
      `${bob} nudge.list`,
      `${bob} participants.list`,
      `${bob} participant.profile.view`,
      `${alice} participant.profile.view`,
      `${alice} account.login`,
    ]);
    // Part of the email, in any case.
    expect(await actionsOf({ actor: `ALICE@${domain}` })).toHaveLength(2);
    expect(await actionsOf({ actor: domain, action: AUDIT_ACTIONS.login })).toEqual([
      `${alice} account.login`,
    ]);
    // A participant by id, email or name: rows about them and list views that showed them.
    const aboutZeb = [
      `${bob} nudge.list`,
      `${bob} participants.list`,
      `${alice} participant.profile.view`,
    ];
    expect(await actionsOf({ actor: domain, participant: String(participant.id) })).toEqual(
      aboutZeb,
    );
    expect(await actionsOf({ actor: domain, participant: `zeb@${domain}` })).toEqual(aboutZeb);
    expect(await actionsOf({ actor: domain, participant: 'zebulon MARSH' })).toEqual(aboutZeb);
    expect(await actionsOf({ actor: domain, participant: 'nobody-like-this' })).toEqual([]);
    // Inclusive time bounds.
    expect(
      await actionsOf({
        actor: domain,
        from: '2025-03-02T08:00:00.000Z',
        to: '2025-03-04T08:00:00.000Z',
      }),
    ).toEqual([
      `${bob} participants.list`,
      `${bob} participant.profile.view`,
      `${alice} participant.profile.view`,
    ]);
    // An offset is read as written: 09:00+01:00 is 08:00Z.
    expect(await actionsOf({ actor: domain, to: '2025-03-01T09:00:00+01:00' })).toEqual([
      `${alice} account.login`,
    ]);
  });

  it('keyset pages walk the whole filtered trail, older then newer, without gaps or repeats', async () => {
    const domain = freshDomain();
    await seedRows(
      Array.from({ length: 23 }, (_, index) => ({ actorEmail: `row-${index}@${domain}` })),
    );
    const first = await entriesOf({ actor: domain, page_size: 10 });
    expect(first.entries.map((entry) => entry.actor_email)).toEqual(
      Array.from({ length: 10 }, (_, index) => `row-${22 - index}@${domain}`),
    );
    expect(first.newer_cursor).toBeNull();
    expect(first.older_cursor).not.toBeNull();

    const second = await entriesOf({
      actor: domain,
      page_size: 10,
      before: first.older_cursor ?? 0,
    });
    const third = await entriesOf({
      actor: domain,
      page_size: 10,
      before: second.older_cursor ?? 0,
    });
    expect(third.entries).toHaveLength(3);
    expect(third.older_cursor).toBeNull();
    const seen = [...first.entries, ...second.entries, ...third.entries].map((entry) => entry.id);
    expect(new Set(seen).size).toBe(23);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));

    // And back towards the newest, the same pages.
    const backToSecond = await entriesOf({
      actor: domain,
      page_size: 10,
      after: third.newer_cursor ?? 0,
    });
    expect(backToSecond.entries.map((entry) => entry.id)).toEqual(
      second.entries.map((entry) => entry.id),
    );
    const backToFirst = await entriesOf({
      actor: domain,
      page_size: 10,
      after: backToSecond.newer_cursor ?? 0,
    });
    expect(backToFirst.entries.map((entry) => entry.id)).toEqual(
      first.entries.map((entry) => entry.id),
    );
    expect(backToFirst.newer_cursor).toBeNull();
  });

  it('looking at the audit log is itself audited, with the filters used', async () => {
    const domain = freshDomain();
    successData(
      await listAudit({ actor: domain, action: AUDIT_ACTIONS.logout }),
      auditListResponseSchema,
    );
    const rows = await testApp.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, admin.user.id), eq(auditLog.action, 'audit.list')));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.details).toEqual({ filters: { actor: domain, action: 'account.logout' } });
  });

  it('details JSON arrives as data, markup and all, for the portal to show as text', async () => {
    const domain = freshDomain();
    const details = { note: '<script>alert(1)</script>', nested: { quote: 'say "hi"' } };
    await seedRows([{ actorEmail: `x@${domain}`, details }]);
    const [entry] = (await entriesOf({ actor: domain })).entries;
    expect(entry?.details).toEqual(details);
  });
});

describe('audit log export', () => {
  it('the filtered rows download as CSV: BOM, header, newest first, RFC 4180 quoting and no formulas', async () => {
    const domain = freshDomain();
    await seedRows([
      { actorEmail: `plain@${domain}`, action: AUDIT_ACTIONS.login },
      {
        actorEmail: `=HYPERLINK("http://evil")@${domain}`,
        action: AUDIT_ACTIONS.loginFailed,
        details: { reason: 'wrong, "very" wrong\nreally' },
      },
      { actorEmail: `other@${domain}`, action: AUDIT_ACTIONS.logout },
    ]);
    const response = await exportAudit({ actor: domain, action: '' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    // Named after its filter; the actor's words stay out of the name.
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-log-by-actor-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.body;
    expect(body.startsWith(CSV_BOM)).toBe(true);
    const [header, ...records] = body.slice(CSV_BOM.length).split(/\r\n(?=\d|$)/);
    expect(header).toBe(AUDIT_CSV_HEADER.join(','));
    expect(records.filter(Boolean)).toHaveLength(3);
    expect(records[0]).toContain(`,other@${domain},account.logout,`);
    // The formula is defused with a quote, and a cell with quotes, commas or a line break is
    // quoted with its quotes doubled.
    expect(records[1]).toContain(`,"'=HYPERLINK(""http://evil"")@${domain}",account.login.failed,`);
    expect(records[1]).toContain('"{""reason"":""wrong, \\""very\\"" wrong\\nreally""}"');
    expect(records[2]).toContain(`,plain@${domain},account.login,`);
  });

  it('the export honours every filter and is itself audited', async () => {
    const domain = freshDomain();
    await seedRows([
      { actorEmail: `a@${domain}`, action: AUDIT_ACTIONS.login },
      { actorEmail: `a@${domain}`, action: AUDIT_ACTIONS.logout },
    ]);
    const response = await exportAudit({ actor: domain, action: AUDIT_ACTIONS.logout });
    const lines = response.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('account.logout');
    const rows = await testApp.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, admin.user.id), eq(auditLog.action, 'audit.export')));
    expect(rows.map((row) => row.details)).toEqual([
      { filters: { actor: domain, action: 'account.logout' } },
    ]);
  });

  it('an export of nothing is just the header', async () => {
    const response = await exportAudit({ actor: `${freshDomain()}-none` });
    expect(response.body).toBe(`${CSV_BOM}${AUDIT_CSV_HEADER.join(',')}\r\n`);
  });
});

describe('audit log export round trips', () => {
  /** The export's statements, once warmed (one-time work does not count), and its answer. */
  async function exportedWith(query: Record<string, string>) {
    await exportAudit(query);
    let response = await exportAudit(query);
    const sent = await statementsOf(testApp, async () => {
      response = await exportAudit(query);
    });
    vi.restoreAllMocks();
    return { sent, response };
  }

  it('sends the session check, then one statement that writes the audit row and reads the first batch, which lists that row', async () => {
    const query = { actor: admin.email, action: AUDIT_ACTIONS.auditExport };
    const { sent, response } = await exportedWith(query);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatch(/insert into "audit_log"/);
    expect(response.statusCode).toBe(200);
    // The export's own row comes first, as when it was written before the trail was read.
    const lines = response.body.slice(CSV_BOM.length).trim().split('\r\n');
    expect(lines[0]).toBe(AUDIT_CSV_HEADER.join(','));
    expect(lines.slice(1)).toHaveLength(3);
    expect(lines[1]).toContain(`,${admin.email},audit.export,,,,`);
    expect(lines[1]).toContain(`,${String(response.headers['x-request-id'])},`);
    expect(await auditedReadsOf(testApp.db, response)).toEqual([
      {
        action: AUDIT_ACTIONS.auditExport,
        subjectType: null,
        subjectId: null,
        details: { filters: query },
      },
    ]);
  });

  it('each further batch is one statement, read by keyset after the first: none skipped or repeated', async () => {
    const domain = freshDomain();
    await seedRows(
      Array.from({ length: AUDIT_EXPORT_BATCH_SIZE + 1 }, (_, index) => ({
        actorEmail: `${index}@${domain}`,
      })),
    );
    const { sent, response } = await exportedWith({ actor: domain });
    expect(sent).toHaveLength(3);
    const ids = response.body
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => Number(line.split(',')[0]));
    expect(ids).toHaveLength(AUDIT_EXPORT_BATCH_SIZE + 1);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('a participant filter by name is resolved by the same statement', async () => {
    const domain = freshDomain();
    const participant = await createParticipant(testApp.db, { email: `named@${domain}` });
    await seedRows([
      { actorEmail: `a@${domain}`, subjectType: 'participant', subjectId: participant.id },
      { actorEmail: `b@${domain}`, details: { participant_ids: [participant.id] } },
      { actorEmail: `c@${domain}` },
    ]);
    const { sent, response } = await exportedWith({ participant: domain, actor: domain });
    expect(sent).toHaveLength(2);
    const lines = response.body.trim().split('\r\n');
    expect(lines.slice(1).map((line) => line.split(',')[3])).toEqual([
      `b@${domain}`,
      `a@${domain}`,
    ]);
    expect(await auditedReadsOf(testApp.db, response)).toEqual([
      {
        action: AUDIT_ACTIONS.auditExport,
        subjectType: null,
        subjectId: null,
        details: { filters: { participant: domain, actor: domain } },
      },
    ]);
  });

  it('a participant filter that matches too many participants is refused with nothing exported or audited', async () => {
    const domain = freshDomain();
    await addTooManyParticipants(domain);
    const { sent, response } = await exportedWith({ participant: domain });
    expect(sent).toHaveLength(2);
    const envelope = failure(response, 400, 'VALIDATION_ERROR');
    expect(envelope._error).toBe(AUDIT_MESSAGES.tooManyParticipants);
    expect(await auditedReadsOf(testApp.db, response)).toEqual([]);
  });
});

describe('audit log access and bad input', () => {
  it('clinicians are refused with 403 and anonymous callers with 401, list and export alike', async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    failure(await listAudit({}, clinician.access_token), 403, 'FORBIDDEN');
    failure(await exportAudit({}, clinician.access_token), 403, 'FORBIDDEN');
    failure(await postJson(testApp.app, API_PATHS.audit.list, {}), 401, 'UNAUTHENTICATED');
    failure(await exportAudit({}, null), 401, 'UNAUTHENTICATED');
  });

  it.each([
    ['an unknown action', { action: 'account.pwned' }],
    ['a date that is not a date', { from: 'yesterday' }],
    [
      'a range that ends before it starts',
      { from: '2025-03-02T00:00:00Z', to: '2025-03-01T00:00:00Z' },
    ],
    ['a huge actor filter', { actor: 'a'.repeat(201) }],
    ['a NUL byte', { actor: 'a\u0000b' }],
    ['a number where text belongs', { participant: 42 }],
    ['both cursors', { before: 10, after: 5 }],
    ['a cursor that is text', { before: '1; drop table audit_log' }],
    ['a negative cursor', { after: -1 }],
    ['a page too large', { page_size: 100_000 }],
    ['an object as a filter', { actor: { $ne: '' } }],
  ])('%s is a 400 with a sentence', async (_label, body) => {
    const envelope = failure(await listAudit(body), 400, 'VALIDATION_ERROR');
    expect(envelope._error).toMatch(/^[a-zA-Z].*\S/);
  });

  it('the export refuses bad filters with a 400 envelope too', async () => {
    const response = await exportAudit({ action: '<script>' });
    failure(response, 400, 'VALIDATION_ERROR');
  });

  it('injection strings are just text that matches nothing, and the trail is untouched', async () => {
    const before = await testApp.db.$count(auditLog);
    for (const attempt of ["' or 1=1 --", "'; drop table audit_log; --", '%', '_', '\\']) {
      const page = await entriesOf({ actor: `${attempt}${freshDomain()}`, participant: attempt });
      expect(page.entries).toEqual([]);
    }
    // Only the rows of the viewing itself were added.
    expect(await testApp.db.$count(auditLog)).toBe(before + 5);
  });

  it('a participant filter that matches too many participants asks for more of it', async () => {
    const domain = freshDomain();
    await addTooManyParticipants(domain);
    const envelope = failure(await listAudit({ participant: domain }), 400, 'VALIDATION_ERROR');
    expect(envelope._error).toBe(AUDIT_MESSAGES.tooManyParticipants);
  });
});

describe('sign-in is audited', () => {
  const login = (body: object) => postJson(testApp.app, API_PATHS.account.login, body);

  it('success, failure and throttling each leave a row with the email tried, never the password', async () => {
    const clinician = await createStaff(testApp.db);
    const wrong = 'Wrong-Password-That-Must-Not-Leak-1';
    failure(await login({ user_name: clinician.email, password: wrong }), 401, 'UNAUTHENTICATED');
    failure(await login({ user_name: clinician.email, password: wrong }), 401, 'UNAUTHENTICATED');
    failure(
      await login({ user_name: clinician.email, password: FACTORY_PASSWORD }),
      429,
      'RATE_LIMITED',
    );
    failure(
      await login({ user_name: `ghost@${freshDomain()}`, password: wrong }),
      401,
      'UNAUTHENTICATED',
    );

    const page = await entriesOf({ actor: clinician.email });
    expect(page.entries.map((entry) => entry.action)).toEqual([
      'account.login.throttled',
      'account.login.failed',
      'account.login.failed',
    ]);
    expect(page.entries.every((entry) => entry.client_address === '127.0.0.1')).toBe(true);
    expect(page.entries.every((entry) => !!entry.request_id)).toBe(true);
    const everything = await testApp.db.select().from(auditLog);
    expect(JSON.stringify(everything)).not.toContain(wrong);
    expect(JSON.stringify(everything)).not.toContain(FACTORY_PASSWORD);
  });

  it('a successful sign-in and the logout are found by the actor email', async () => {
    const clinician = await createStaff(testApp.db);
    const session = successData(
      await login({ user_name: clinician.email, password: FACTORY_PASSWORD }),
      loginResponseSchema,
    );
    await postJson(testApp.app, API_PATHS.account.logout, {
      refresh_token: session.refresh_token,
    });
    const page = await entriesOf({ actor: clinician.email });
    expect(page.entries.map((entry) => [entry.action, entry.actor_id])).toEqual([
      ['account.logout', clinician.id],
      ['account.login', clinician.id],
    ]);
  });
});

describe('the audit trail is append-only', () => {
  /** Fails unless the attempt was refused by the append-only trigger itself. */
  async function expectRefusedByTrigger(attempt: Promise<unknown>) {
    const error: unknown = await attempt.then(
      () => null,
      (caught: unknown) => caught,
    );
    const messages: string[] = [];
    for (let current = error; current instanceof Error; current = current.cause) {
      messages.push(current.message);
    }
    expect(messages.join(' | ')).toContain('audit_log is append-only');
  }

  async function someRowIds() {
    const actorEmail = `keep@${freshDomain()}`;
    await seedRows([{ actorEmail }, { actorEmail }]);
    const rows = await testApp.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(eq(auditLog.actorEmail, actorEmail));
    return rows.map((row) => row.id);
  }

  it("UPDATE, DELETE and TRUNCATE fail through the product's own database connection", async () => {
    const ids = await someRowIds();
    const before = await testApp.db.select().from(auditLog).where(inArray(auditLog.id, ids));
    await expectRefusedByTrigger(
      testApp.db.update(auditLog).set({ action: 'tampered' }).where(inArray(auditLog.id, ids)),
    );
    await expectRefusedByTrigger(testApp.db.delete(auditLog).where(inArray(auditLog.id, ids)));
    await expectRefusedByTrigger(testApp.db.execute(sql.raw('truncate audit_log')));
    expect(await testApp.db.select().from(auditLog).where(inArray(auditLog.id, ids))).toEqual(
      before,
    );
  });

  it('a database role with every privilege on the table still cannot rewrite or remove rows', async () => {
    const ids = await someRowIds();
    const role = `audit_probe_${randomBytes(4).toString('hex')}`;
    const { db } = testApp;
    await db.execute(sql.raw(`create role ${role}`));
    await db.execute(sql.raw(`grant all on audit_log to ${role}`));
    try {
      for (const statement of [
        `update audit_log set action = 'tampered' where id = ${ids[0]}`,
        `delete from audit_log where id = ${ids[0]}`,
        'truncate audit_log',
      ]) {
        // One transaction per attempt: the role is the product's for that statement only.
        await expectRefusedByTrigger(
          db.transaction(async (tx) => {
            await tx.execute(sql.raw(`set local role ${role}`));
            await tx.execute(sql.raw(statement));
          }),
        );
      }
    } finally {
      await db.execute(sql.raw(`revoke all on audit_log from ${role}`));
      await db.execute(sql.raw(`drop role ${role}`));
    }
    const [row] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.id, ids[0] ?? 0));
    expect(row?.action).toBe(AUDIT_ACTIONS.participantProfileView);
  });
});
