import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PARTICIPANT_ERRORS,
  participantListResponseSchema,
} from '@recovery-portal/contract/participants';
import { API_PATHS } from '@recovery-portal/contract/paths';
import {
  MAX_TASK_NOTE_LENGTH,
  MAX_TASK_TITLE_LENGTH,
  myTasksSchema,
  taskListSchema,
  taskSchema,
} from '@recovery-portal/contract/tasks';
import { auditLog } from '#app/db/schema/audit';
import { tasks } from '#app/db/schema/care-team';
import {
  failure,
  loginAs,
  successData,
  type LoggedInStaff,
  useTestApp,
} from '#app/test/build-test-app';
import { createParticipant, createStaff, createSuspendedStaff } from '#app/test/factories';
import { statementsOf } from '#app/test/statements-of';
import { call, dayFromNow, participantToken, raiseFlag } from './care-team.fixtures';
import { auditedReadsOf } from '#app/test/audit-rows';

const testApp = useTestApp();
let clinician: LoggedInStaff;

beforeEach(async () => {
  await testApp.reset();
  clinician = await loginAs(testApp, 'CLINICIAN');
});

const today = () => dayFromNow(0);
const createRaw = (body: unknown, token: string | null = clinician.access_token) =>
  call(testApp, 'POST', API_PATHS.tasks.create, token, body);
const create = async (body: object, token?: string) =>
  successData(await createRaw(body, token), taskSchema);
const mineRaw = (query: string, token: string | null = clinician.access_token) =>
  call(testApp, 'GET', `${API_PATHS.tasks.mine}?${query}`, token);
const mine = async (token?: string) =>
  successData(await mineRaw(`today=${today()}`, token), myTasksSchema);
const ofParticipant = async (id: number) =>
  successData(
    await call(
      testApp,
      'GET',
      `${API_PATHS.tasks.participant}?user_id=${id}`,
      clinician.access_token,
    ),
    taskListSchema,
  );
const doneRaw = (id: number | string, token: string | null = clinician.access_token) =>
  call(testApp, 'POST', API_PATHS.tasks.done(id), token, {});
const reopenRaw = (id: number | string, token: string | null = clinician.access_token) =>
  call(testApp, 'POST', API_PATHS.tasks.reopen(id), token, {});

async function taskAudit(action: string, subjectId: number) {
  return testApp.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subjectId, subjectId)));
}

describe('follow-up tasks', () => {
  it('a clinician creates a task from a flag for a colleague; it shows in their My tasks and on the participant', async () => {
    const participant = await createParticipant(testApp.db, {
      firstName: 'Maria',
      lastName: 'Lopez',
    });
    const flagId = await raiseFlag(testApp.db, participant.id);
    const colleague = await loginAs(testApp, 'CLINICIAN');

    const task = await create({
      participant_id: participant.id,
      title: '  Call about chest pain  ',
      due_on: dayFromNow(1),
      assignee_id: colleague.user.id,
      note: 'Ask about the night.',
      flag_id: flagId,
    });

    expect(task).toMatchObject({
      participant_id: participant.id,
      participant_name: 'Maria Lopez',
      title: 'Call about chest pain',
      due_on: dayFromNow(1),
      assignee: { id: colleague.user.id, name: 'Cleo Tester' },
      note: 'Ask about the night.',
      flag_id: flagId,
      created_by: { id: clinician.user.id, name: 'Cleo Tester' },
      done_at: null,
      done_by: null,
    });
    expect((await mine(colleague.access_token)).tasks.map((t) => t.id)).toEqual([task.id]);
    expect((await mine()).tasks).toEqual([]);
    expect((await ofParticipant(participant.id)).map((t) => t.id)).toEqual([task.id]);

    const [audit] = await taskAudit('participant.task.create', participant.id);
    expect(audit).toMatchObject({
      actorId: clinician.user.id,
      subjectType: 'participant',
      details: {
        task_id: task.id,
        due_on: dayFromNow(1),
        assignee_id: colleague.user.id,
        flag_id: flagId,
      },
    });
    // The title and note are clinical text: they stay out of the audit trail.
    expect(JSON.stringify(audit?.details)).not.toContain('chest');
  });

  it('My tasks lists open tasks earliest due first and counts the overdue against the given today', async () => {
    const participant = await createParticipant(testApp.db);
    const base = { participant_id: participant.id, assignee_id: clinician.user.id };
    const later = await create({ ...base, title: 'Later', due_on: dayFromNow(7) });
    const dueToday = await create({ ...base, title: 'Today', due_on: dayFromNow(0) });
    const overdue = await create({ ...base, title: 'Overdue', due_on: dayFromNow(-2) });
    const done = await create({ ...base, title: 'Done', due_on: dayFromNow(-5) });
    successData(await doneRaw(done.id), taskSchema);

    const result = await mine();
    expect(result.tasks.map((t) => t.id)).toEqual([overdue.id, dueToday.id, later.id]);
    expect(result.overdue).toBe(1);
    // Seen from a day later (another time zone's today), the task due today is overdue too.
    const tomorrow = successData(await mineRaw(`today=${dayFromNow(1)}`), myTasksSchema);
    expect(tomorrow.overdue).toBe(2);
  });

  it('marks done with who and when, refuses twice, reopens; each change audited', async () => {
    const participant = await createParticipant(testApp.db);
    const task = await create({
      participant_id: participant.id,
      title: 'Check wound photo',
      due_on: dayFromNow(0),
      assignee_id: clinician.user.id,
    });
    const colleague = await loginAs(testApp, 'CLINICIAN');

    const before = Date.now();
    const done = successData(await doneRaw(task.id, colleague.access_token), taskSchema);
    expect(done.done_by).toEqual({ id: colleague.user.id, name: 'Cleo Tester' });
    expect(Date.parse(done.done_at ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect((await mine()).tasks).toEqual([]);
    failure(await doneRaw(task.id), 409, 'CONFLICT');

    const reopened = successData(await reopenRaw(task.id), taskSchema);
    expect(reopened).toMatchObject({ done_at: null, done_by: null });
    expect((await mine()).tasks.map((t) => t.id)).toEqual([task.id]);
    failure(await reopenRaw(task.id), 409, 'CONFLICT');

    expect(await taskAudit('participant.task.complete', participant.id)).toHaveLength(1);
    expect(await taskAudit('participant.task.reopen', participant.id)).toHaveLength(1);
  });

  it('the participants list shows the next due date and filters those with an overdue task', async () => {
    const late = await createParticipant(testApp.db, { firstName: 'Late' });
    const onTime = await createParticipant(testApp.db, { firstName: 'OnTime' });
    await createParticipant(testApp.db, { firstName: 'None' });
    const base = { assignee_id: clinician.user.id, title: 'Follow up' };
    await create({ ...base, participant_id: late.id, due_on: dayFromNow(-1) });
    await create({ ...base, participant_id: late.id, due_on: dayFromNow(3) });
    await create({ ...base, participant_id: onTime.id, due_on: dayFromNow(0) });
    const lateDone = await create({ ...base, participant_id: onTime.id, due_on: dayFromNow(-9) });
    successData(await doneRaw(lateDone.id), taskSchema);

    const list = async (body: object) =>
      successData(
        await call(testApp, 'POST', API_PATHS.user.list, clinician.access_token, body),
        participantListResponseSchema,
      );
    const all = await list({});
    expect(
      Object.fromEntries(all.users.map((row) => [row.first_name, row.next_task_due_on])),
    ).toEqual({
      Late: dayFromNow(-1),
      OnTime: dayFromNow(0),
      None: null,
    });
    const overdue = await list({ overdue_before: today() });
    expect(overdue.total_participants).toBe(1);
    expect(overdue.users.map((row) => row.first_name)).toEqual(['Late']);
    expect((await list({ overdue_before: dayFromNow(1) })).total_participants).toBe(2);
    failure(
      await call(testApp, 'POST', API_PATHS.user.list, clinician.access_token, {
        overdue_before: '2026-02-30',
      }),
      400,
      'VALIDATION_ERROR',
    );
  });

  it('refuses unassignable staff, unknown participants and a flag of someone else', async () => {
    const participant = await createParticipant(testApp.db);
    const other = await createParticipant(testApp.db);
    const otherFlag = await raiseFlag(testApp.db, other.id);
    const base = { participant_id: participant.id, title: 'Call', due_on: dayFromNow(1) };
    const suspended = await createSuspendedStaff(testApp.db);
    failure(await createRaw({ ...base, assignee_id: suspended.id }), 422, 'UNPROCESSABLE');
    failure(await createRaw({ ...base, assignee_id: other.id }), 422, 'UNPROCESSABLE');
    failure(
      await createRaw({ ...base, participant_id: 2_000_000_000, assignee_id: clinician.user.id }),
      404,
      'NOT_FOUND',
    );
    const staff = await createStaff(testApp.db);
    failure(
      await createRaw({ ...base, participant_id: staff.id, assignee_id: clinician.user.id }),
      404,
      'NOT_FOUND',
    );
    failure(
      await createRaw({ ...base, assignee_id: clinician.user.id, flag_id: otherFlag }),
      404,
      'NOT_FOUND',
    );
    failure(await doneRaw(2_000_000_000), 404, 'NOT_FOUND');
    expect(await testApp.db.select().from(tasks)).toEqual([]);
  });

  it('refuses ugly input with a sentence, never a 500', async () => {
    const participant = await createParticipant(testApp.db);
    const good = {
      participant_id: participant.id,
      title: 'Call',
      due_on: dayFromNow(1),
      assignee_id: clinician.user.id,
    };
    for (const body of [
      {},
      { ...good, title: '' },
      { ...good, title: '   ' },
      { ...good, title: 'x'.repeat(MAX_TASK_TITLE_LENGTH + 1) },
      { ...good, title: 42 },
      { ...good, note: 'x'.repeat(MAX_TASK_NOTE_LENGTH + 1) },
      { ...good, note: 'x'.repeat(1_000_000) },
      { ...good, due_on: '' },
      { ...good, due_on: '2026-02-30' },
      { ...good, due_on: '31/12/2026' },
      { ...good, due_on: "2026-01-01' or '1'='1" },
      { ...good, due_on: '1999-12-31' },
      { ...good, assignee_id: null },
      { ...good, assignee_id: '1; drop table tasks' },
      { ...good, participant_id: -1 },
      { ...good, flag_id: 'abc' },
      [],
    ]) {
      const envelope = failure(await createRaw(body), 400, 'VALIDATION_ERROR');
      expect(envelope._error.length).toBeGreaterThan(10);
    }
    const noToday = failure(await mineRaw(''), 400, 'VALIDATION_ERROR');
    expect(noToday._error).toContain('today');
    failure(await mineRaw('today=2026-13-01'), 400, 'VALIDATION_ERROR');
    for (const id of ['abc', '-1', '0', '99999999999', "1' or '1'='1"]) {
      failure(await doneRaw(encodeURIComponent(id)), 400, 'VALIDATION_ERROR');
    }
    expect(await testApp.db.select().from(tasks)).toEqual([]);
  });

  it('only clinicians may use tasks: administrators get 403, participants and anonymous 401', async () => {
    const participant = await createParticipant(testApp.db);
    const task = await create({
      participant_id: participant.id,
      title: 'Call',
      due_on: dayFromNow(1),
      assignee_id: clinician.user.id,
    });
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    const body = {
      participant_id: participant.id,
      title: 'X',
      due_on: dayFromNow(1),
      assignee_id: admin.user.id,
    };
    failure(await createRaw(body, admin.access_token), 403, 'FORBIDDEN');
    failure(await mineRaw(`today=${today()}`, admin.access_token), 403, 'FORBIDDEN');
    failure(await doneRaw(task.id, admin.access_token), 403, 'FORBIDDEN');
    for (const token of [await participantToken(participant.id), null]) {
      failure(await createRaw(body, token), 401, 'UNAUTHENTICATED');
      failure(await mineRaw(`today=${today()}`, token), 401, 'UNAUTHENTICATED');
      failure(await doneRaw(task.id, token), 401, 'UNAUTHENTICATED');
      failure(await reopenRaw(task.id, token), 401, 'UNAUTHENTICATED');
    }
    expect((await ofParticipant(participant.id)).map((t) => t.done_at)).toEqual([null]);
  });
});

describe('task reads: two round trips', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const participantRaw = (id: number | string) =>
    call(testApp, 'GET', `${API_PATHS.tasks.participant}?user_id=${id}`, clinician.access_token);
  const readsOf = (response: { headers: Record<string, unknown> }) =>
    auditedReadsOf(testApp.db, response);

  /** Open tasks due in 7 days and 2 days ago, and one done, of a participant, for the caller. */
  async function tasksOf() {
    const participant = await createParticipant(testApp.db);
    const base = { participant_id: participant.id, assignee_id: clinician.user.id };
    const later = await create({ ...base, title: 'Later', due_on: dayFromNow(7) });
    const overdue = await create({ ...base, title: 'Overdue', due_on: dayFromNow(-2) });
    const done = await create({ ...base, title: 'Done', due_on: dayFromNow(-5) });
    successData(await doneRaw(done.id), taskSchema);
    return { participant, later, overdue, done };
  }

  it("a participant's tasks: the session check, then one statement that reads them and writes the audit row", async () => {
    const { participant, later, overdue, done } = await tasksOf();
    let response = await participantRaw(participant.id);
    const sent = await statementsOf(testApp, async () => {
      response = await participantRaw(participant.id);
    });
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatch(/insert into "audit_log"/);
    const listed = successData(response, taskListSchema);
    expect(listed.map((task) => task.id)).toEqual([overdue.id, later.id, done.id]);
    expect(listed[0]).toEqual(overdue);
    expect(listed[2]).toMatchObject({ done_by: { id: clinician.user.id } });
    expect(await readsOf(response)).toEqual([
      {
        action: 'participant.tasks.view',
        subjectType: 'participant',
        subjectId: participant.id,
        details: { count: 3 },
      },
    ]);
  });

  it('a participant without tasks answers an empty list, audited with a count of 0', async () => {
    const participant = await createParticipant(testApp.db);
    const response = await participantRaw(participant.id);
    expect(successData(response, taskListSchema)).toEqual([]);
    expect(await readsOf(response)).toEqual([
      {
        action: 'participant.tasks.view',
        subjectType: 'participant',
        subjectId: participant.id,
        details: { count: 0 },
      },
    ]);
  });

  it('an unknown participant and a staff id are 404s with no read audited', async () => {
    const staff = await createStaff(testApp.db);
    for (const id of [987_654, staff.id]) {
      const response = await participantRaw(id);
      expect(failure(response, 404, 'NOT_FOUND').error.message).toBe(
        PARTICIPANT_ERRORS.notFound(id),
      );
      expect((await readsOf(response)).map((row) => row.action)).toEqual(['access.denied']);
    }
  });

  it('My tasks: the session check, then one statement that reads them and writes the audit row', async () => {
    const { later, overdue } = await tasksOf();
    let response = await mineRaw(`today=${today()}`);
    const sent = await statementsOf(testApp, async () => {
      response = await mineRaw(`today=${today()}`);
    });
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatch(/insert into "audit_log"/);
    const result = successData(response, myTasksSchema);
    expect(result.tasks.map((task) => task.id)).toEqual([overdue.id, later.id]);
    expect(result.tasks[1]).toEqual(later);
    expect(result.overdue).toBe(1);
    expect(await readsOf(response)).toEqual([
      {
        action: 'tasks.mine.list',
        subjectType: 'task_list',
        subjectId: null,
        details: { returned: [overdue.id, later.id] },
      },
    ]);
  });

  it('My tasks without any answers an empty list, audited with none returned', async () => {
    const response = await mineRaw(`today=${today()}`);
    expect(successData(response, myTasksSchema)).toEqual({ tasks: [], overdue: 0 });
    expect(await readsOf(response)).toEqual([
      {
        action: 'tasks.mine.list',
        subjectType: 'task_list',
        subjectId: null,
        details: { returned: [] },
      },
    ]);
  });
});
