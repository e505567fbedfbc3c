import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { PARTICIPANT_ERRORS } from '@recovery-portal/contract/participants';
import { API_PATHS } from '@recovery-portal/contract/paths';
import {
  DATA_STOPPED_AFTER_DAYS,
  participantTriageStatusSchema,
} from '@recovery-portal/contract/review';
import { auditLog } from '#app/db/schema/audit';
import { measurements } from '#app/db/schema/measurements';
import { participantTriage } from '#app/db/schema/triage';
import { users } from '#app/db/schema/users';
import {
  failure,
  loginAs,
  successData,
  type LoggedInStaff,
  useTestApp,
} from '#app/test/build-test-app';
import { createParticipant, createStaff } from '#app/test/factories';
import { callApi, daysAgo } from '#app/test/participant-fixtures';
import { auditedReadsOf } from '#app/test/audit-rows';
import { statementsOf } from '#app/test/statements-of';

const testApp = useTestApp();
let clinician: LoggedInStaff;

beforeEach(async () => {
  await testApp.reset();
  clinician = await loginAs(testApp, 'CLINICIAN');
});

const markRaw = (body: unknown, token: string | null = clinician.access_token) =>
  callApi(testApp, 'POST', API_PATHS.user.review, token, body);
const statusRaw = (id: number | string, token: string | null = clinician.access_token) =>
  callApi(testApp, 'GET', API_PATHS.user.triage(id), token);
const mark = async (userId: number, token?: string) =>
  successData(await markRaw({ user_id: userId }, token), participantTriageStatusSchema);
const status = async (userId: number) =>
  successData(await statusRaw(userId), participantTriageStatusSchema);

async function measure(userId: number, source: 'HOME' | 'CLINIC', measuredAt: Date) {
  await testApp.db
    .insert(measurements)
    .values({ userId, code: '8480-6', value: 128, unit: 'mm[Hg]', measuredAt, source });
}

async function auditRows(action: string, subjectId: number) {
  return testApp.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subjectId, subjectId)));
}

describe('marking a participant reviewed', () => {
  it('a clinician marks a participant reviewed and sees who and when', async () => {
    const participant = await createParticipant(testApp.db);
    expect(await status(participant.id)).toMatchObject({
      last_reviewed_at: null,
      last_reviewed_by: null,
    });

    const before = Date.now();
    const marked = await mark(participant.id);

    expect(Date.parse(marked.last_reviewed_at ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(marked.last_reviewed_by).toEqual({ id: clinician.user.id, name: 'Cleo Tester' });
    expect(await status(participant.id)).toEqual(marked);
  });

  it('the review is written to the audit trail with who reviewed whom', async () => {
    const participant = await createParticipant(testApp.db);
    const marked = await mark(participant.id);

    const rows = await auditRows('participant.review', participant.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: clinician.user.id,
      actorEmail: clinician.email,
      subjectType: 'participant',
      details: { reviewed_at: marked.last_reviewed_at },
    });
    await status(participant.id);
    expect(await auditRows('participant.triage.read', participant.id)).toHaveLength(1);
  });

  it('a later review by another clinician replaces the last one and leaves open flags alone', async () => {
    const participant = await createParticipant(testApp.db);
    await testApp.db.insert(participantTriage).values({
      userId: participant.id,
      openFlagCount: 2,
      topOpenSeverity: 'CRITICAL',
      lastReviewedAt: daysAgo(10),
      lastReviewedBy: clinician.user.id,
    });
    const colleague = await loginAs(testApp, 'CLINICIAN');

    const marked = await mark(participant.id, colleague.access_token);

    expect(marked).toMatchObject({
      last_reviewed_by: { id: colleague.user.id, name: 'Cleo Tester' },
      open_flag_count: 2,
      top_open_severity: 'CRITICAL',
    });
    expect(Date.parse(marked.last_reviewed_at ?? '')).toBeGreaterThan(daysAgo(1).getTime());
  });

  it('a review by a clinician whose account was deleted keeps its time but names nobody', async () => {
    const participant = await createParticipant(testApp.db);
    const leaver = await createStaff(testApp.db, { role: 'CLINICIAN' });
    const reviewedAt = daysAgo(3);
    await testApp.db
      .insert(participantTriage)
      .values({ userId: participant.id, lastReviewedAt: reviewedAt, lastReviewedBy: leaver.id });
    await testApp.db.delete(users).where(eq(users.id, leaver.id));

    expect(await status(participant.id)).toMatchObject({
      last_reviewed_at: reviewedAt.toISOString(),
      last_reviewed_by: null,
    });
  });
});

describe('data connection', () => {
  it('says when home data last arrived and that it has not stopped', async () => {
    const participant = await createParticipant(testApp.db);
    const latest = new Date(Date.now() - 3_600_000);
    await measure(participant.id, 'HOME', daysAgo(9));
    await measure(participant.id, 'HOME', latest);
    expect(await status(participant.id)).toMatchObject({
      last_telemetry_at: latest.toISOString(),
      days_without_data: 0,
      data_stopped: false,
    });
  });

  it(`data counts as stopped after ${DATA_STOPPED_AFTER_DAYS} days without a home measurement`, async () => {
    const almost = await createParticipant(testApp.db);
    const stopped = await createParticipant(testApp.db);
    await measure(almost.id, 'HOME', new Date(daysAgo(DATA_STOPPED_AFTER_DAYS).getTime() + 60_000));
    await measure(stopped.id, 'HOME', daysAgo(DATA_STOPPED_AFTER_DAYS));
    // Clinic values are not the participant's data connection.
    await measure(stopped.id, 'CLINIC', new Date());

    expect(await status(almost.id)).toMatchObject({
      days_without_data: DATA_STOPPED_AFTER_DAYS - 1,
      data_stopped: false,
    });
    expect(await status(stopped.id)).toMatchObject({
      days_without_data: DATA_STOPPED_AFTER_DAYS,
      data_stopped: true,
    });
  });

  it('a participant who never sent home data shows no data and counts as stopped', async () => {
    const participant = await createParticipant(testApp.db);
    await measure(participant.id, 'CLINIC', daysAgo(1));
    expect(await status(participant.id)).toEqual({
      user_id: participant.id,
      last_reviewed_at: null,
      last_reviewed_by: null,
      last_telemetry_at: null,
      days_without_data: null,
      data_stopped: true,
      open_flag_count: 0,
      top_open_severity: null,
    });
  });
});

describe('review calls: who may use them and what they refuse', () => {
  it('an unknown participant or a staff member is a 404 and nothing is written', async () => {
    const staff = await createStaff(testApp.db, { role: 'CLINICIAN' });
    for (const id of [2_000_000_000, staff.id]) {
      failure(await markRaw({ user_id: id }), 404, 'NOT_FOUND');
      failure(await statusRaw(id), 404, 'NOT_FOUND');
    }
    expect(await testApp.db.select().from(participantTriage)).toEqual([]);
  });

  it('an administrator is refused with 403 and an anonymous caller with 401', async () => {
    const participant = await createParticipant(testApp.db);
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    failure(await markRaw({ user_id: participant.id }, admin.access_token), 403, 'FORBIDDEN');
    failure(await statusRaw(participant.id, admin.access_token), 403, 'FORBIDDEN');
    failure(await markRaw({ user_id: participant.id }, null), 401, 'UNAUTHENTICATED');
    failure(await statusRaw(participant.id, null), 401, 'UNAUTHENTICATED');
    expect(await testApp.db.select().from(participantTriage)).toEqual([]);
  });

  it('marking reviewed without the CSRF header is refused', async () => {
    const participant = await createParticipant(testApp.db);
    const response = await testApp.app.inject({
      method: 'POST',
      url: API_PATHS.user.review,
      headers: { authorization: `Bearer ${clinician.access_token}` },
      payload: { user_id: participant.id },
    });
    failure(response, 403, 'CSRF_REJECTED');
  });

  it('ugly input is a 400 with a sentence, never a 500', async () => {
    for (const body of [
      {},
      { user_id: null },
      { user_id: 'abc' },
      { user_id: -1 },
      { user_id: 0 },
      { user_id: 1.5 },
      { user_id: 2 ** 40 },
      { user_id: '1; drop table users' },
      { user_id: "1' or '1'='1" },
      { user_id: 'x'.repeat(100_000) },
      { user_id: [1] },
      { user_id: { id: 1 } },
      [],
    ]) {
      const envelope = failure(await markRaw(body), 400, 'VALIDATION_ERROR');
      expect(envelope._error.length).toBeGreaterThan(10);
    }
    for (const id of ['abc', '-1', '1.5', '0', '99999999999', "1' or '1'='1", '%00']) {
      failure(await statusRaw(encodeURIComponent(id)), 400, 'VALIDATION_ERROR');
    }
  });
});

describe('triage status: two round trips', () => {
  it('sends the session check, then one statement that reads the status and writes the audit row', async () => {
    const participant = await createParticipant(testApp.db);
    const latest = new Date(Date.now() - 3_600_000);
    await measure(participant.id, 'HOME', latest);
    const marked = await mark(participant.id);
    let response = await statusRaw(participant.id);
    const sent = await statementsOf(testApp, async () => {
      response = await statusRaw(participant.id);
    });
    vi.restoreAllMocks();
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatch(/insert into "audit_log"/);
    expect(successData(response, participantTriageStatusSchema)).toEqual({
      ...marked,
      last_telemetry_at: latest.toISOString(),
      days_without_data: 0,
      data_stopped: false,
    });
    expect(await auditedReadsOf(testApp.db, response)).toEqual([
      {
        action: AUDIT_ACTIONS.participantTriageView,
        subjectType: 'participant',
        subjectId: participant.id,
        details: null,
      },
    ]);
  });

  it('an unknown participant or a staff member is the same 404, with no read audited', async () => {
    const staff = await createStaff(testApp.db, { role: 'CLINICIAN' });
    for (const id of [2_000_000_000, staff.id]) {
      const response = await statusRaw(id);
      expect(failure(response, 404, 'NOT_FOUND')._error).toBe(PARTICIPANT_ERRORS.notFound(id));
      // The refusal's own row, as for every refused call; no triage read.
      const rows = await auditedReadsOf(testApp.db, response);
      expect(rows.map((row) => row.action)).toEqual(['access.denied']);
    }
  });
});
