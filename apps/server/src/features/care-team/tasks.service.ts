import {
  isTaskOverdue,
  TASK_MESSAGES,
  type CreateTask,
  type MyTasks,
  type Task,
  type UpdateTask,
} from '@recovery-portal/contract/tasks';
import type { Database } from '#app/db/client';
import { AppError, conflict, notFound } from '#app/lib/app-error';
import { findAssignableStaff } from './care-team.repository';
import { requireParticipant } from '#app/core/participant-lookup';
import type { AuditValues } from '#app/core/audit/record-audit';
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

/**
 * The caller's open tasks by due date, with how many are overdue on `today` (their date), read
 * with the call's audit row (`audit`).
 */
export async function myTasks(
  db: Database,
  staffId: number,
  today: string,
  audit: AuditValues,
): Promise<MyTasks> {
  const tasks = await repo.auditedOpenTasksOf(db, staffId, audit);
  return { tasks, overdue: tasks.filter((task) => isTaskOverdue(task, today)).length };
}

/**
 * A participant's tasks, read with the call's audit row (`audit`); NOT_FOUND, not audited, for
 * an unknown participant or a staff member's id.
 */
export function participantTasks(
  db: Database,
  participantId: number,
  audit: AuditValues,
): Promise<Task[]> {
  return repo.auditedTasksOfParticipant(db, participantId, audit);
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

/**
 * What an edit changed, for the audit trail: the due date and the assignee before and after;
 * the title and the note only by name, as they stay out of the trail.
 */
export interface TaskChanges {
  changed: string[];
  changes: {
    due_on?: { before: string; after: string };
    assignee_id?: { before: number | null; after: number };
  };
}

/**
 * Edits a task: its title, due date, note, or assignee (reassigning it to another active
 * clinician or administrator, else 422); 404 unknown.
 */
export async function updateTask(
  db: Database,
  id: number,
  input: UpdateTask,
): Promise<{ task: Task; changes: TaskChanges }> {
  const before = await requireTask(db, id);
  if (
    input.assignee_id !== undefined &&
    input.assignee_id !== before.assignee?.id &&
    !(await findAssignableStaff(db, input.assignee_id))
  ) {
    throw new AppError('UNPROCESSABLE', TASK_MESSAGES.notAssignable(input.assignee_id));
  }
  if (!(await repo.updateTask(db, id, input))) throw notFound(TASK_MESSAGES.notFound(id));
  const task = await requireTask(db, id);
  const changes: TaskChanges = { changed: [], changes: {} };
  if (task.title !== before.title) changes.changed.push('title');
  if (task.due_on !== before.due_on) {
    changes.changed.push('due_on');
    changes.changes.due_on = { before: before.due_on, after: task.due_on };
  }
  if (input.assignee_id !== undefined && input.assignee_id !== before.assignee?.id) {
    changes.changed.push('assignee_id');
    changes.changes.assignee_id = { before: before.assignee?.id ?? null, after: input.assignee_id };
  }
  if (task.note !== before.note) changes.changed.push('note');
  return { task, changes };
}

/** Deletes a task and returns it as it was; 404 unknown. */
export async function deleteTask(db: Database, id: number): Promise<Task> {
  const task = await requireTask(db, id);
  if (!(await repo.deleteTask(db, id))) throw notFound(TASK_MESSAGES.notFound(id));
  return task;
}
