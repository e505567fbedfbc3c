import { beforeEach, describe, expect, it, vi } from 'vitest';
import { and, count, eq, inArray } from 'drizzle-orm';
import { MESSAGES } from '@recovery-portal/contract/messages';
import {
  participantDeletedSchema,
  participantListResponseSchema,
  participantListRowSchema,
  userGroupListSchema,
} from '@recovery-portal/contract/participants';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { participantActivity, participantStats } from '#app/db/schema/activity';
import { auditLog } from '#app/db/schema/audit';
import { loginAttempts, loginCodes } from '#app/db/schema/auth';
import { sha256 } from '#app/lib/secure-random';
import { conversations } from '#app/db/schema/conversations';
import { measurements } from '#app/db/schema/measurements';
import { nudges } from '#app/db/schema/nudges';
import { outbox } from '#app/db/schema/outbox';
import { users } from '#app/db/schema/users';
import type { MailMessage } from '#app/mail/mailer';
import {
  failure,
  loginAs,
  successData,
  type LoggedInStaff,
  useTestApp,
} from '#app/test/build-test-app';
import { createStaff } from '#app/test/factories';
import { auditedReadsOf } from '#app/test/audit-rows';
import { statementsOf } from '#app/test/statements-of';
import {
  addParticipant,
  callApi,
  daysAgo,
  daysFromNow,
  seedGroups,
  type HttpMethod,
} from '#app/test/participant-fixtures';
import { DAY_MS } from '#app/core/days';

const testApp = useTestApp();
let clinician: LoggedInStaff;
let groups: Map<string, number>;

beforeEach(async () => {
  await testApp.reset();
  clinician = await loginAs(testApp, 'CLINICIAN');
  groups = await seedGroups(testApp.db, ['Knee Recovery', 'CZ', 'Cardiac Rehab']);
});

const as = (method: HttpMethod, url: string, payload?: unknown) =>
  callApi(testApp, method, url, clinician.access_token, payload);

async function account(id: number) {
  const [row] = await testApp.db.select().from(users).where(eq(users.id, id));
  return row;
}

async function auditRows(action: string, subjectId?: number) {
  return testApp.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, action),
        eq(auditLog.actorEmail, clinician.email),
        subjectId === undefined ? undefined : eq(auditLog.subjectId, subjectId),
      ),
    );
}

/** Makes the test app's mailer fail until the returned function is called. */
function breakMail(): () => void {
  const mailer = testApp.mailer;
  if (!mailer) throw new Error('the test app should capture mail');
  const original = mailer.send.bind(mailer);
  mailer.send = async () => {
    throw new Error('SMTP server unreachable');
  };
  return () => {
    mailer.send = original;
  };
}

describe('user groups', () => {
  it('a clinician gets the user groups ordered by name, and the call is audited', async () => {
    const response = await as('GET', API_PATHS.user.groups);
    expect(successData(response, userGroupListSchema)).toEqual([
      { id: groups.get('Cardiac Rehab'), name: 'Cardiac Rehab' },
      { id: groups.get('CZ'), name: 'CZ' },
      { id: groups.get('Knee Recovery'), name: 'Knee Recovery' },
    ]);
    expect(await auditRows('participants.groups.list')).toHaveLength(1);
  });

  it('sends the session check, then one statement that reads the groups and writes the audit row', async () => {
    let response = await as('GET', API_PATHS.user.groups);
    const sent = await statementsOf(testApp, async () => {
      response = await as('GET', API_PATHS.user.groups);
    });
    vi.restoreAllMocks();
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatch(/insert into "audit_log"/);
    expect(successData(response, userGroupListSchema)).toHaveLength(3);
    expect(await auditedReadsOf(testApp.db, response)).toEqual([
      { action: 'participants.groups.list', subjectType: null, subjectId: null, details: null },
    ]);
  });
});

describe('inviting a participant', () => {
  const invite = (body: Record<string, unknown>) => as('POST', API_PATHS.user.create, body);
  const valid = {
    email: 'New.Person@Example.org',
    name: 'Mary Ann Smith',
    type: 'Internal',
    group: 'CZ',
    phone_number: '+44 20 7946 0958',
  };

  it('a clinician can invite a participant, who is created pending activation and emailed', async () => {
    const before = Date.now();
    const row = successData(await invite(valid), participantListRowSchema);
    expect(row).toMatchObject({
      first_name: 'Mary',
      last_name: 'Ann Smith',
      user_name: 'new.person@example.org',
      type: 'Internal',
      group: 'CZ',
      status: 'PENDING_ACTIVATION',
      joined_on: null,
      can_remind: true,
      last_reminded_at: null,
      next_remind_date: null,
      tracker_connected: null,
    });
    expect(Date.parse(row.invited_on ?? '')).toBeGreaterThanOrEqual(before - 1000);
    const stored = await account(row.id);
    expect(stored).toMatchObject({
      role: 'PARTICIPANT',
      phoneNumber: '+44 20 7946 0958',
      passwordHash: null,
    });

    expect(testApp.sentMail).toHaveLength(1);
    const mail = testApp.sentMail[0] as MailMessage;
    expect(mail.to).toBe('new.person@example.org');
    expect(mail.subject).toMatch(/invited/i);
    expect(mail.text).toMatch(/Hello Mary/);
    expect(mail.text).toMatch(/download/i);
    // A single-use code and the page that sets the password with it, valid for the invite TTL.
    const code = /activation code is ([A-Z0-9]{10})\./.exec(mail.text)?.[1] ?? '';
    const link = new URL(mail.link ?? '');
    expect(`${link.origin}${link.pathname}`).toBe('http://portal.test/app/activate');
    expect(link.searchParams.get('user_name')).toBe('new.person@example.org');
    expect(link.searchParams.get('login_code')).toBe(code);
    expect(mail.text).toContain(link.toString());
    expect(mail.text).toMatch(/expires in 72 hours/);
    const [storedCode] = await testApp.db
      .select()
      .from(loginCodes)
      .where(eq(loginCodes.userId, row.id));
    expect(storedCode).toMatchObject({ purpose: 'INVITE', codeHash: sha256(code), usedAt: null });
    const expiresIn = (storedCode?.expiresAt.getTime() ?? 0) - Date.now();
    expect(Math.abs(expiresIn - 72 * 3_600_000)).toBeLessThan(60_000);

    const [audit] = await auditRows('participant.invite', row.id);
    expect(audit?.details).toMatchObject({ type: 'Internal', group: 'CZ' });

    const invited = successData(
      await as('POST', API_PATHS.user.list, { status: 'PENDING_ACTIVATION' }),
      participantListResponseSchema,
    );
    expect(invited.users.map((user) => user.id)).toEqual([row.id]);
  });

  it('a one-word name becomes the first name; the group can be given by id; the phone is optional', async () => {
    const row = successData(
      await invite({
        email: 'cher@example.org',
        name: 'Cher',
        type: 'Pilot',
        group: groups.get('Knee Recovery'),
      }),
      participantListRowSchema,
    );
    expect(row).toMatchObject({
      first_name: 'Cher',
      last_name: '',
      type: 'Pilot',
      group: 'Knee Recovery',
    });
    expect((await account(row.id))?.phoneNumber).toBeNull();
  });

  it('inviting an email that is already in use, in any case, is refused with 409', async () => {
    successData(await invite(valid), participantListRowSchema);
    const again = failure(
      await invite({ ...valid, email: 'NEW.person@example.ORG' }),
      409,
      'CONFLICT',
    );
    expect(again._error).toBe('A user with this email address already exists.');
    const staff = await createStaff(testApp.db, { email: 'doctor@clinic.example' });
    failure(await invite({ ...valid, email: staff.email.toUpperCase() }), 409, 'CONFLICT');
    expect(testApp.sentMail).toHaveLength(1);
  });

  it('an unknown user group is refused with a sentence naming it', async () => {
    const response = failure(await invite({ ...valid, group: 'Nowhere' }), 422, 'UNPROCESSABLE');
    expect(response._error).toContain('Nowhere');
    failure(await invite({ ...valid, group: 999_999 }), 422, 'UNPROCESSABLE');
    expect(testApp.sentMail).toHaveLength(0);
  });

  it('the invite form rules of the spec are enforced by the API', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, email: undefined }, 'Email is required'],
      [{ ...valid, email: 'not-an-email' }, 'Enter a valid email'],
      [{ ...valid, email: 'a@b.c' }, 'Enter a valid email'],
      [{ ...valid, name: '' }, 'Name is required'],
      [{ ...valid, name: '2Pac' }, 'Name must not start with a digit'],
      [{ ...valid, type: '' }, 'User type is required'],
      [{ ...valid, type: 'Everyone' }, 'User type must be one of Internal, Pilot or Demo'],
      [{ ...valid, group: '' }, 'User group is required'],
      [{ ...valid, group: ['CZ'] }, 'User group is required'],
      [{ ...valid, phone_number: 'call me' }, 'Enter a valid phone number'],
      [{ ...valid, name: 'x'.repeat(1_000_000) }, 'Name must be at most 120 characters'],
      [{ ...valid, email: 42 }, 'Email is required'],
    ];
    for (const [body, message] of cases) {
      const envelope = failure(await invite(body), 400, 'VALIDATION_ERROR');
      expect(envelope._error).toContain(message);
    }
    const [row] = await testApp.db
      .select({ n: count() })
      .from(users)
      .where(eq(users.role, 'PARTICIPANT'));
    expect(row?.n).toBe(0);
    expect(testApp.sentMail).toHaveLength(0);
  });

  it('when the invitation email cannot be sent, no participant is left behind', async () => {
    const repair = breakMail();
    try {
      const envelope = failure(await invite(valid), 503, 'SERVICE_UNAVAILABLE');
      expect(envelope._error).toMatch(/email could not be sent/);
    } finally {
      repair();
    }
    const [row] = await testApp.db
      .select({ n: count() })
      .from(users)
      .where(eq(users.role, 'PARTICIPANT'));
    expect(row?.n).toBe(0);
    successData(await invite(valid), participantListRowSchema);
  });
});

describe('reminding an invited participant', () => {
  const remind = (user_id: unknown) => as('POST', API_PATHS.account.remind, { user_id });

  it('a clinician can remind an invited participant, who is emailed and cannot be reminded again for the interval', async () => {
    const invited = await addParticipant(testApp.db, {
      firstName: 'Rita',
      email: 'rita@example.org',
      status: 'PENDING_ACTIVATION',
      joinedAt: null,
    });
    const before = Date.now();
    const row = successData(await remind(invited.id), participantListRowSchema);
    const remindedAt = Date.parse(row.last_reminded_at ?? '');
    const next = Date.parse(row.next_remind_date ?? '');
    expect(remindedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(next - remindedAt).toBe(testApp.config.remindIntervalDays * DAY_MS);
    expect(row.can_remind).toBe(false);
    expect(testApp.sentMail).toHaveLength(1);
    expect(testApp.sentMail[0]).toMatchObject({ to: 'rita@example.org' });
    expect(testApp.sentMail[0]?.subject).toMatch(/reminder/i);
    expect(testApp.sentMail[0]?.link).toMatch(
      /^http:\/\/portal\.test\/app\/activate\?user_name=rita%40example\.org&login_code=[A-Z0-9]{10}$/,
    );
    const codes = await testApp.db
      .select()
      .from(loginCodes)
      .where(eq(loginCodes.userId, invited.id));
    expect(codes.map((code) => code.purpose)).toEqual(['INVITE']);
    expect(await auditRows('participant.remind', invited.id)).toHaveLength(1);

    const tooEarly = failure(await remind(invited.id), 409, 'CONFLICT');
    expect(tooEarly._error).toMatch(
      /can be reminded again on \d{1,2} \w{3} \d{4} at \d\d:\d\d UTC\.$/,
    );
    expect(testApp.sentMail).toHaveLength(1);
  });

  it('once the interval has passed the participant can be reminded again', async () => {
    const invited = await addParticipant(testApp.db, {
      status: 'PENDING_ACTIVATION',
      joinedAt: null,
      lastRemindedAt: daysAgo(4),
      nextRemindDate: daysAgo(1),
    });
    const row = successData(await remind(invited.id), participantListRowSchema);
    expect(Date.parse(row.next_remind_date ?? '')).toBeGreaterThan(Date.now());
  });

  it('a participant reminded recently is refused with the date of the next possible reminder', async () => {
    const next = daysFromNow(2);
    const invited = await addParticipant(testApp.db, {
      status: 'PENDING_ACTIVATION',
      joinedAt: null,
      lastRemindedAt: daysAgo(1),
      nextRemindDate: next,
    });
    const envelope = failure(await remind(invited.id), 409, 'CONFLICT');
    expect(envelope._error).toContain(String(next.getUTCFullYear()));
    expect((await account(invited.id))?.nextRemindDate?.getTime()).toBe(next.getTime());
  });

  it('an active or suspended participant cannot be reminded', async () => {
    const active = await addParticipant(testApp.db, { status: 'ACTIVATED' });
    const suspended = await addParticipant(testApp.db, { status: 'SUSPENDED' });
    expect(failure(await remind(active.id), 409, 'CONFLICT')._error).toBe(
      'Only invited participants can be reminded; this participant is active.',
    );
    failure(await remind(suspended.id), 409, 'CONFLICT');
    expect(testApp.sentMail).toHaveLength(0);
  });

  it('when the reminder email cannot be sent, the reminder is not recorded', async () => {
    const invited = await addParticipant(testApp.db, {
      status: 'PENDING_ACTIVATION',
      joinedAt: null,
    });
    const repair = breakMail();
    try {
      failure(await remind(invited.id), 503, 'SERVICE_UNAVAILABLE');
    } finally {
      repair();
    }
    expect(await account(invited.id)).toMatchObject({ lastRemindedAt: null, nextRemindDate: null });
    successData(await remind(invited.id), participantListRowSchema);
  });
});

describe('suspending and reactivating', () => {
  const suspend = (user_id: unknown) => as('PATCH', API_PATHS.account.suspend, { user_id });
  const resume = (user_id: unknown) => as('PATCH', API_PATHS.account.resume, { user_id });

  it('a clinician can suspend an active participant and reactivate them', async () => {
    const participant = await addParticipant(testApp.db, { status: 'ACTIVATED' });
    const suspended = successData(await suspend(participant.id), participantListRowSchema);
    expect(suspended).toMatchObject({ id: participant.id, status: 'SUSPENDED' });
    expect((await account(participant.id))?.status).toBe('SUSPENDED');
    expect(await auditRows('participant.suspend', participant.id)).toHaveLength(1);

    const resumed = successData(await resume(participant.id), participantListRowSchema);
    expect(resumed.status).toBe('ACTIVATED');
    expect(await auditRows('participant.resume', participant.id)).toHaveLength(1);
  });

  it('suspending a suspended or invited participant is refused with 409', async () => {
    const suspended = await addParticipant(testApp.db, { status: 'SUSPENDED' });
    const invited = await addParticipant(testApp.db, { status: 'PENDING_ACTIVATION' });
    expect(failure(await suspend(suspended.id), 409, 'CONFLICT')._error).toBe(
      'Only active participants can be suspended; this participant is suspended.',
    );
    failure(await suspend(invited.id), 409, 'CONFLICT');
    expect((await account(invited.id))?.status).toBe('PENDING_ACTIVATION');
  });

  it('reactivating an active or invited participant is refused with 409', async () => {
    const active = await addParticipant(testApp.db, { status: 'ACTIVATED' });
    const invited = await addParticipant(testApp.db, { status: 'PENDING_ACTIVATION' });
    expect(failure(await resume(active.id), 409, 'CONFLICT')._error).toBe(
      'Only suspended participants can be reactivated; this participant is active.',
    );
    failure(await resume(invited.id), 409, 'CONFLICT');
  });

  it('staff accounts cannot be suspended or reactivated here', async () => {
    const staff = await createStaff(testApp.db);
    const suspendedStaff = await createStaff(testApp.db, { status: 'SUSPENDED' });
    failure(await suspend(staff.id), 409, 'CONFLICT');
    failure(await resume(suspendedStaff.id), 409, 'CONFLICT');
    expect((await account(staff.id))?.status).toBe('ACTIVATED');
    expect((await account(suspendedStaff.id))?.status).toBe('SUSPENDED');
  });

  it('an unknown participant is a 404 and a malformed id a 400', async () => {
    failure(await suspend(987_654), 404, 'NOT_FOUND');
    failure(await resume(987_654), 404, 'NOT_FOUND');
    for (const bad of ['1', -1, 0, 1.5, null, 'x'.repeat(1_000_000)]) {
      failure(await suspend(bad), 400, 'VALIDATION_ERROR');
    }
    failure(await as('PATCH', API_PATHS.account.suspend, {}), 400, 'VALIDATION_ERROR');
  });
});

describe('deleting a participant', () => {
  const remove = (id: number | string) => as('DELETE', API_PATHS.account.deleteParticipant(id));

  async function giveData(userId: number, email: string) {
    // Rows keyed by email rather than by user id: mail sent to them and sign-in attempts.
    await testApp.db.insert(outbox).values({ recipient: email, subject: 'Hi', text: 'Hello' });
    await testApp.db
      .insert(loginAttempts)
      .values({ email, clientAddress: '192.0.2.1', succeeded: false });
    await testApp.db.insert(nudges).values({
      userId,
      title: 'Walk',
      content: 'Take a 10 minute walk',
      targetDate: '2025-01-10',
      sendTime: '09:00:00',
      trackingType: 'COMPLETED',
    });
    await testApp.db.insert(conversations).values({
      userId,
      startedAt: daysAgo(2),
      endedAt: daysAgo(2),
      summary: 'Talked about pain',
    });
    await testApp.db.insert(measurements).values({
      userId,
      code: '29463-7',
      value: 70,
      unit: 'kg',
      measuredAt: daysAgo(1),
      source: 'HOME',
    });
    await testApp.db
      .insert(participantActivity)
      .values({ userId, kind: 'APP_SESSION', occurredAt: daysAgo(1) });
    await testApp.db.insert(participantStats).values({ userId, activeSessionCount: 1 });
  }

  async function dataCounts(userId: number, email: string) {
    const tally = async (
      table:
        typeof nudges | typeof conversations | typeof measurements | typeof participantActivity,
    ) =>
      (await testApp.db.select({ n: count() }).from(table).where(eq(table.userId, userId)))[0]?.n;
    return {
      nudges: await tally(nudges),
      conversations: await tally(conversations),
      measurements: await tally(measurements),
      activity: await tally(participantActivity),
      mail: (
        await testApp.db.select({ n: count() }).from(outbox).where(eq(outbox.recipient, email))
      )[0]?.n,
      signIns: (
        await testApp.db
          .select({ n: count() })
          .from(loginAttempts)
          .where(eq(loginAttempts.email, email))
      )[0]?.n,
      stats: (
        await testApp.db
          .select({ n: count() })
          .from(participantStats)
          .where(eq(participantStats.userId, userId))
      )[0]?.n,
    };
  }

  it('a clinician can delete a participant with all their data, leaving other participants untouched', async () => {
    const doomed = await addParticipant(testApp.db, { firstName: 'Doomed' });
    const other = await addParticipant(testApp.db, { firstName: 'Other' });
    await giveData(doomed.id, doomed.email);
    await giveData(other.id, other.email);

    const response = await remove(doomed.id);
    expect(successData(response, participantDeletedSchema)).toEqual({
      id: doomed.id,
      message: MESSAGES.participants.deleteSuccess,
    });
    expect(await account(doomed.id)).toBeUndefined();
    expect(await dataCounts(doomed.id, doomed.email)).toEqual({
      nudges: 0,
      conversations: 0,
      measurements: 0,
      activity: 0,
      mail: 0,
      signIns: 0,
      stats: 0,
    });
    expect(await dataCounts(other.id, other.email)).toEqual({
      nudges: 1,
      conversations: 1,
      measurements: 1,
      activity: 1,
      mail: 1,
      signIns: 1,
      stats: 1,
    });
    expect(await account(other.id)).toBeDefined();
    // The audit trail outlives the account it is about.
    expect(await auditRows('participant.delete', doomed.id)).toHaveLength(1);

    failure(await remove(doomed.id), 404, 'NOT_FOUND');
  });

  it('a participant who was only invited can be deleted too', async () => {
    const row = successData(
      await as('POST', API_PATHS.user.create, {
        email: 'gone@example.org',
        name: 'Gone Soon',
        type: 'Internal',
        group: 'CZ',
      }),
      participantListRowSchema,
    );
    successData(await remove(row.id), participantDeletedSchema);
    expect(await account(row.id)).toBeUndefined();
  });

  it('staff accounts cannot be deleted here', async () => {
    const staff = await createStaff(testApp.db);
    const envelope = failure(await remove(staff.id), 409, 'CONFLICT');
    expect(envelope._error).toMatch(/staff/);
    expect(await account(staff.id)).toBeDefined();
    failure(await remove(clinician.user.id), 409, 'CONFLICT');
  });

  it('an unknown id is a 404 and a malformed one a 400', async () => {
    failure(await remove(987_654), 404, 'NOT_FOUND');
    failure(await remove('abc'), 400, 'VALIDATION_ERROR');
    failure(await remove('-3'), 400, 'VALIDATION_ERROR');
    failure(await remove("1'; drop table users; --"), 400, 'VALIDATION_ERROR');
  });
});

describe('changing a participant’s type', () => {
  const changeType = (body: Record<string, unknown>) => as('PATCH', API_PATHS.user.userType, body);

  it('a clinician can change a participant from Internal to Pilot', async () => {
    const participant = await addParticipant(testApp.db, { type: 'Internal' });
    const row = successData(
      await changeType({ user_id: participant.id, user_type: 'Pilot' }),
      participantListRowSchema,
    );
    expect(row).toMatchObject({ id: participant.id, type: 'Pilot' });
    expect((await account(participant.id))?.participantType).toBe('Pilot');
    const [audit] = await auditRows('participant.type.update', participant.id);
    expect(audit?.details).toEqual({ from: 'Internal', to: 'Pilot' });
  });

  it('an invalid or missing type is refused with 400', async () => {
    const participant = await addParticipant(testApp.db, { type: 'Internal' });
    for (const user_type of ['Everyone', '', 'pilot', 7, null]) {
      failure(await changeType({ user_id: participant.id, user_type }), 400, 'VALIDATION_ERROR');
    }
    failure(await changeType({ user_id: participant.id }), 400, 'VALIDATION_ERROR');
    failure(await changeType({ user_type: 'Demo' }), 400, 'VALIDATION_ERROR');
    expect((await account(participant.id))?.participantType).toBe('Internal');
  });

  it('a staff account’s type cannot be changed, and an unknown id is a 404', async () => {
    const staff = await createStaff(testApp.db);
    failure(await changeType({ user_id: staff.id, user_type: 'Demo' }), 409, 'CONFLICT');
    expect((await account(staff.id))?.participantType).toBeNull();
    failure(await changeType({ user_id: 987_654, user_type: 'Demo' }), 404, 'NOT_FOUND');
  });
});

describe('who may manage participants', () => {
  const calls: [HttpMethod, string, unknown][] = [
    ['POST', API_PATHS.user.list, {}],
    ['GET', API_PATHS.user.groups, undefined],
    [
      'POST',
      API_PATHS.user.create,
      { email: 'x@example.org', name: 'X', type: 'Internal', group: 'CZ' },
    ],
    ['POST', API_PATHS.account.remind, { user_id: 1 }],
    ['PATCH', API_PATHS.account.suspend, { user_id: 1 }],
    ['PATCH', API_PATHS.account.resume, { user_id: 1 }],
    ['DELETE', API_PATHS.account.deleteParticipant(1), undefined],
    ['PATCH', API_PATHS.user.userType, { user_id: 1, user_type: 'Demo' }],
  ];

  it('an administrator is refused every participant call with 403, and nothing changes', async () => {
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    const participant = await addParticipant(testApp.db, { status: 'ACTIVATED' });
    for (const [method, url, body] of calls) {
      const target = url.replace('/1', `/${participant.id}`);
      const payload =
        body && typeof body === 'object' && 'user_id' in body
          ? { ...body, user_id: participant.id }
          : body;
      failure(
        await callApi(testApp, method, target, admin.access_token, payload),
        403,
        'FORBIDDEN',
      );
    }
    expect(await account(participant.id)).toMatchObject({
      status: 'ACTIVATED',
      participantType: 'Internal',
    });
    expect(testApp.sentMail).toHaveLength(0);
  });

  it('an anonymous caller is refused every participant call with 401', async () => {
    for (const [method, url, body] of calls) {
      failure(await callApi(testApp, method, url, null, body), 401, 'UNAUTHENTICATED');
    }
  });

  it('a participant id that does not exist never reveals anything beyond a 404', async () => {
    const response = await as('PATCH', API_PATHS.account.suspend, { user_id: 2_147_483_647 });
    failure(response, 404, 'NOT_FOUND');
    expect(response.body).not.toMatch(/stack|select|users/i);
  });

  it('none of the answers carry a password hash', async () => {
    const participant = await addParticipant(testApp.db, { status: 'ACTIVATED' });
    const bodies = [
      (await as('PATCH', API_PATHS.account.suspend, { user_id: participant.id })).body,
      (await as('PATCH', API_PATHS.user.userType, { user_id: participant.id, user_type: 'Demo' }))
        .body,
      (
        await as('POST', API_PATHS.user.create, {
          email: 'y@example.org',
          name: 'Y',
          type: 'Demo',
          group: 'CZ',
        })
      ).body,
    ];
    for (const body of bodies) expect(body).not.toMatch(/password|argon2/i);
  });
});

describe('audit trail', () => {
  it('every participant change names who did it, to whom, and from where', async () => {
    const participant = await addParticipant(testApp.db, { status: 'ACTIVATED' });
    await as('PATCH', API_PATHS.account.suspend, { user_id: participant.id });
    const rows = await testApp.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.subjectId, participant.id),
          inArray(auditLog.action, ['participant.suspend']),
        ),
      );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: clinician.user.id,
      actorEmail: clinician.email,
      subjectType: 'participant',
      subjectId: participant.id,
    });
    expect(rows[0]?.clientAddress).toBeTruthy();
    expect(rows[0]?.requestId).toBeTruthy();
  });
});
