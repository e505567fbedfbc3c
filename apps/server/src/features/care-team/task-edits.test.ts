import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '@recovery-portal/contract/paths';
import {
  MAX_TASK_NOTE_LENGTH,
  MAX_TASK_TITLE_LENGTH,
  TASK_MESSAGES,
  myTasksSchema,
  taskListSchema,
  taskSchema,
} from '@recovery-portal/contract/tasks';
import { auditLog } from '#app/db/schema/audit';
import { tasks } from '#app/db/schema/care-team';
import { users } from '#app/db/schema/users';
import {
  failure,
  loginAs,
  successData,
  type LoggedInStaff,
  useTestApp,
} from '#app/test/build-test-app';
import { createParticipant, createSuspendedStaff } from '#app/test/factories';
import { call, dayFromNow, participantToken } from './care-team.fixtures';

const testApp = useTestApp();
let clinician: LoggedInStaff;
let colleague: LoggedInStaff;
let participantId: number;

beforeEach(async () => {
  await testApp.reset();
  clinician = await loginAs(testApp, 'CLINICIAN');
  colleague = await loginAs(testApp, 'CLINICIAN');
  participantId = (await createParticipant(testApp.db)).id;
});

const createTask = async () =>
  successData(
    await call(testApp, 'POST', API_PATHS.tasks.create, clinician.access_token, {
      participant_id: participantId,
      title: 'Call about the knee',
      due_on: dayFromNow(3),
      assignee_id: clinician.user.id,
      note: 'Private note',
    }),
    taskSchema,
  );
const editRaw = (id: number | string, body: unknown, token = clinician.access_token) =>
  call(testApp, 'PATCH', API_PATHS.tasks.task(id), token, body);
const deleteRaw = (id: number | string, token: string | null = clinician.access_token) =>
  call(testApp, 'DELETE', API_PATHS.tasks.task(id), token);
const mineOf = async (staff: LoggedInStaff) =>
  successData(
    await call(
      testApp,
      'GET',
      `${API_PATHS.tasks.mine}?today=${dayFromNow(0)}`,
      staff.access_token,
    ),
    myTasksSchema,
  );

async function auditOf(action: string) {
  return testApp.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subjectId, participantId)));
}

describe('editing, reassigning and deleting a task', () => {
  it('a clinician edits the title, moves the due date and reassigns it to a colleague; the trail keeps before and after', async () => {
    await testApp.db
      .update(users)
      .set({ birthDate: '1958-02-01', mrn: 'T-9' })
      .where(eq(users.id, participantId));
    const task = await createTask();
    // The task names its participant with both identifiers.
    expect(task).toMatchObject({ participant_birth_date: '1958-02-01', participant_mrn: 'T-9' });
    const edited = successData(
      await editRaw(task.id, {
        title: ' Call about the left knee ',
        due_on: dayFromNow(5),
        assignee_id: colleague.user.id,
        note: '',
      }),
      taskSchema,
    );
    expect(edited).toMatchObject({
      id: task.id,
      participant_id: participantId,
      title: 'Call about the left knee',
      due_on: dayFromNow(5),
      assignee: { id: colleague.user.id },
      note: null,
    });
    // Reassigned: it leaves my list and joins the colleague's.
    expect((await mineOf(clinician)).tasks).toEqual([]);
    expect((await mineOf(colleague)).tasks.map((t) => t.id)).toEqual([task.id]);

    const [row] = await auditOf('participant.task.update');
    expect(row?.actorId).toBe(clinician.user.id);
    expect(row?.details).toEqual({
      task_id: task.id,
      due_on: dayFromNow(5),
      assignee_id: colleague.user.id,
      flag_id: null,
      changed: ['title', 'due_on', 'assignee_id', 'note'],
      changes: {
        due_on: { before: dayFromNow(3), after: dayFromNow(5) },
        assignee_id: { before: clinician.user.id, after: colleague.user.id },
      },
    });
    // Titles and notes stay out of the trail.
    expect(JSON.stringify(row?.details)).not.toMatch(/knee|Private/);
  });

  it('a due date in the past is accepted (the portal asks first); an unchanged field is not reported', async () => {
    const task = await createTask();
    const edited = successData(
      await editRaw(task.id, { due_on: dayFromNow(-2), title: 'Call about the knee' }),
      taskSchema,
    );
    expect(edited.due_on).toBe(dayFromNow(-2));
    expect((await mineOf(clinician)).overdue).toBe(1);
    const [row] = await auditOf('participant.task.update');
    expect(row?.details).toMatchObject({ changed: ['due_on'] });
  });

  it('a clinician deletes a task: it leaves every list, and the trail keeps that it existed', async () => {
    const task = await createTask();
    expect(successData(await deleteRaw(task.id), taskSchema).id).toBe(task.id);
    expect(await testApp.db.select().from(tasks)).toEqual([]);
    expect(
      successData(
        await call(
          testApp,
          'GET',
          `${API_PATHS.tasks.participant}?user_id=${participantId}`,
          clinician.access_token,
        ),
        taskListSchema,
      ),
    ).toEqual([]);
    const [row] = await auditOf('participant.task.delete');
    expect(row?.details).toMatchObject({ task_id: task.id, due_on: dayFromNow(3) });
    const again = failure(await deleteRaw(task.id), 404, 'NOT_FOUND');
    expect(again._error).toBe(TASK_MESSAGES.notFound(task.id));
  });

  it('refuses an assignee who cannot take tasks (422), an unknown task (404) and ugly input (400)', async () => {
    const task = await createTask();
    const suspended = await createSuspendedStaff(testApp.db);
    failure(await editRaw(task.id, { assignee_id: suspended.id }), 422, 'UNPROCESSABLE');
    failure(await editRaw(task.id, { assignee_id: participantId }), 422, 'UNPROCESSABLE');
    failure(await editRaw(2_000_000_000, { title: 'X' }), 404, 'NOT_FOUND');
    for (const body of [
      {},
      { title: '' },
      { title: 'x'.repeat(MAX_TASK_TITLE_LENGTH + 1) },
      { note: 'x'.repeat(MAX_TASK_NOTE_LENGTH + 1) },
      { due_on: '2026-02-30' },
      { due_on: "2026-01-01' or '1'='1" },
      { assignee_id: null },
      { assignee_id: '7' },
      { participant_id: 1 },
      [],
    ]) {
      const envelope = failure(await editRaw(task.id, body), 400, 'VALIDATION_ERROR');
      expect(envelope._error.length).toBeGreaterThan(10);
    }
    for (const id of ['abc', '-1', '0', '99999999999']) {
      failure(await editRaw(encodeURIComponent(id), { title: 'X' }), 400, 'VALIDATION_ERROR');
      failure(await deleteRaw(encodeURIComponent(id)), 400, 'VALIDATION_ERROR');
    }
    const [row] = await testApp.db.select().from(tasks);
    expect(row).toMatchObject({ title: 'Call about the knee', assigneeId: clinician.user.id });
  });

  it('only clinicians edit or delete tasks', async () => {
    const task = await createTask();
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    failure(await editRaw(task.id, { title: 'X' }, admin.access_token), 403, 'FORBIDDEN');
    failure(await deleteRaw(task.id, admin.access_token), 403, 'FORBIDDEN');
    for (const token of [await participantToken(participantId), null]) {
      failure(await deleteRaw(task.id, token), 401, 'UNAUTHENTICATED');
    }
    failure(
      await call(testApp, 'PATCH', API_PATHS.tasks.task(task.id), null, { title: 'X' }),
      401,
      'UNAUTHENTICATED',
    );
    expect(await testApp.db.select().from(tasks)).toHaveLength(1);
  });
});
