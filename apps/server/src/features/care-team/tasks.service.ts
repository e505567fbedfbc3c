import {
  isTaskOverdue,
  TASK_MESSAGES,
  type CreateTask,
  type MyTasks,
  type Task,
} from '@recovery-portal/contract/tasks';
import type { Database } from '#app/db/client';
import { AppError, conflict, notFound } from '#app/lib/app-error';
import { findAssignableStaff } from './care-team.repository';
import { requireParticipant } from '#app/core/participant-lookup';
import * as repo from './tasks.repository';

async function requireTask(db: Database, id: number): Promise<Task> {
  const task = await repo.findTask(db, id);
  if (!task) throw notFound(TASK_MESSAGES.notFound(id));
  return task;
}

/**
 * Creates a task for a participant, assigned to an active clinician or administrator, and
 * following up one of the participant's flags when `flag_id` is given.
 */
export async function createTask(db: Database, input: CreateTask, createdBy: number) {
  await requireParticipant(db, input.participant_id);
  if (!(await findAssignableStaff(db, input.assignee_id))) {
    throw new AppError('UNPROCESSABLE', TASK_MESSAGES.notAssignable(input.assignee_id));
  }
  if (
    input.flag_id !== null &&
    !(await repo.flagOfParticipant(db, input.flag_id, input.participant_id))
  ) {
    throw notFound(TASK_MESSAGES.flagNotFound(input.flag_id));
  }
  return requireTask(db, await repo.insertTask(db, input, createdBy));
}

/** The caller's open tasks by due date, with how many are overdue on `today` (their date). */
export async function myTasks(db: Database, staffId: number, today: string): Promise<MyTasks> {
  const tasks = await repo.openTasksOf(db, staffId);
  return { tasks, overdue: tasks.filter((task) => isTaskOverdue(task, today)).length };
}

export async function participantTasks(db: Database, participantId: number): Promise<Task[]> {
  await requireParticipant(db, participantId);
  return repo.tasksOfParticipant(db, participantId);
}

/** Marks a task done by the caller; 404 unknown, 409 already done. */
export async function completeTask(db: Database, id: number, staffId: number): Promise<Task> {
  await requireTask(db, id);
  if (!(await repo.markDone(db, id, staffId))) throw conflict(TASK_MESSAGES.alreadyDone);
  return requireTask(db, id);
}

/** Opens a done task again; 404 unknown, 409 already open. */
export async function reopenTask(db: Database, id: number): Promise<Task> {
  await requireTask(db, id);
  if (!(await repo.reopen(db, id))) throw conflict(TASK_MESSAGES.alreadyOpen);
  return requireTask(db, id);
}
