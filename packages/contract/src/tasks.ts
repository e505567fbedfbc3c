import * as z from 'zod/mini';
import { isCalendarDate } from './calendar-dates';
import { careTeamMemberSchema } from './care-team';

/**
 * Follow-up tasks (ADR 0018): something a staff member owes a participant by a date, created from
 * a flag or from the participant's details. A task is overdue while it is open and its due date
 * is before today, where "today" is the viewer's local calendar date (the portal sends it), as
 * for survey due dates.
 */

export const MAX_TASK_TITLE_LENGTH = 120;
export const MAX_TASK_NOTE_LENGTH = 2000;
/** Due dates within these years; anything else is a typing error. */
export const TASK_DUE_MIN = '2000-01-01';
export const TASK_DUE_MAX = '2099-12-31';
/** The most tasks one participant's section or one "My tasks" list returns. */
export const MAX_TASKS_LISTED = 500;

const MAX_ID = 2_147_483_647;

export const TASK_MESSAGES = {
  participantInvalid: 'participant_id must be a participant id.',
  titleRequired: 'Enter a title.',
  titleTooLong: `The title must be at most ${MAX_TASK_TITLE_LENGTH} characters.`,
  dueRequired: 'Enter a due date.',
  dueInvalid: `The due date must be a real date (YYYY-MM-DD) from ${TASK_DUE_MIN} to ${TASK_DUE_MAX}.`,
  assigneeRequired: 'Choose who the task is for.',
  noteInvalid: 'The note must be text.',
  noteTooLong: `The note must be at most ${MAX_TASK_NOTE_LENGTH} characters.`,
  flagInvalid: 'flag_id must be a flag id, or null.',
  todayInvalid: 'today must be a date (YYYY-MM-DD).',
  idInvalid: 'The task id must be a positive whole number.',
  notFound: (id: number) => `There is no task with id ${id}.`,
  flagNotFound: (id: number) => `There is no flag ${id} of this participant.`,
  notAssignable: (id: number) =>
    `Staff member ${id} cannot be given a task: only active clinicians and administrators can.`,
  alreadyDone: 'This task is already done.',
  alreadyOpen: 'This task is already open.',
  nothingToChange: 'Send at least one of title, due_on, assignee_id or note to change.',
  created: 'Task created.',
  updated: 'Task saved.',
  deleted: 'Task deleted.',
  pastDueTitle: 'Save with a due date in the past?',
  pastDueBody: (due: string, today: string) =>
    `The due date ${due} is before today (${today}), so the task will show as overdue at once.`,
  confirmDeleteTitle: 'Delete this task?',
  confirmDeleteBody: (title: string) =>
    `"${title}" will be removed for everyone. This action cannot be undone.`,
  done: 'Task marked done.',
  reopened: 'Task reopened.',
  listError: 'Could not load the tasks.',
} as const;

const calendarDateSchema = (message: string) =>
  z.string({ error: message }).check(
    z.refine((value) => isCalendarDate(value), message),
    z.refine((value) => value >= TASK_DUE_MIN && value <= TASK_DUE_MAX, message),
  );

const idOf = (message: string) =>
  z.number({ error: message }).check(z.int(message), z.positive(message), z.lte(MAX_ID, message));

/** A task id in the path: digits only. */
export const taskPathSchema = z.object({
  id: z.pipe(
    z.transform((value) =>
      typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value,
    ),
    idOf(TASK_MESSAGES.idInvalid),
  ),
});

/** POST /api/tasks — also the New task form. An empty note is no note. */
export const createTaskSchema = z.object({
  participant_id: idOf(TASK_MESSAGES.participantInvalid),
  title: z
    .string({ error: TASK_MESSAGES.titleRequired })
    .check(
      z.trim(),
      z.minLength(1, TASK_MESSAGES.titleRequired),
      z.maxLength(MAX_TASK_TITLE_LENGTH, TASK_MESSAGES.titleTooLong),
    ),
  due_on: z.pipe(
    z.string({ error: TASK_MESSAGES.dueRequired }).check(z.minLength(1, TASK_MESSAGES.dueRequired)),
    calendarDateSchema(TASK_MESSAGES.dueInvalid),
  ),
  assignee_id: idOf(TASK_MESSAGES.assigneeRequired),
  note: z.pipe(
    z.nullish(
      z
        .string({ error: TASK_MESSAGES.noteInvalid })
        .check(z.trim(), z.maxLength(MAX_TASK_NOTE_LENGTH, TASK_MESSAGES.noteTooLong)),
    ),
    z.transform((value) => value || null),
  ),
  /** The flag the task follows up, when created from one. */
  flag_id: z.pipe(
    z.nullish(idOf(TASK_MESSAGES.flagInvalid)),
    z.transform((value) => value ?? null),
  ),
});
export type CreateTaskInput = z.input<typeof createTaskSchema>;
export type CreateTask = z.output<typeof createTaskSchema>;

/**
 * PATCH /api/tasks/{id} — edits a task: any of its title, due date, assignee (reassigning it) and
 * note, each as at creation; an empty note clears it. The participant and the flag stay.
 */
export const updateTaskSchema = z
  .extend(z.partial(z.pick(createTaskSchema, { title: true, due_on: true, assignee_id: true })), {
    note: z.pipe(
      z.optional(
        z.nullable(
          z
            .string({ error: TASK_MESSAGES.noteInvalid })
            .check(z.trim(), z.maxLength(MAX_TASK_NOTE_LENGTH, TASK_MESSAGES.noteTooLong)),
        ),
      ),
      z.transform((value) => (value === undefined ? undefined : value || null)),
    ),
  })
  .check(
    z.refine(
      (body) => Object.values(body).some((value) => value !== undefined),
      TASK_MESSAGES.nothingToChange,
    ),
  );
export type UpdateTaskInput = z.input<typeof updateTaskSchema>;
export type UpdateTask = z.output<typeof updateTaskSchema>;

/** GET /api/tasks/mine?today=YYYY-MM-DD — the caller's open tasks; today marks the overdue. */
export const myTasksQuerySchema = z.object({
  today: z
    .string({ error: TASK_MESSAGES.todayInvalid })
    .check(z.refine(isCalendarDate, TASK_MESSAGES.todayInvalid)),
});

/** GET /api/tasks/participant?user_id= */
export const participantTasksQuerySchema = z.object({
  user_id: z.pipe(
    z.transform((value) =>
      typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value,
    ),
    idOf(TASK_MESSAGES.participantInvalid),
  ),
});

const timestampSchema = z.iso.datetime({ offset: true });

export const taskSchema = z.object({
  id: z.int(),
  participant_id: z.int(),
  participant_name: z.string(),
  /** The participant's second identifiers (participant-identity.ts). */
  participant_birth_date: z.nullable(z.string()),
  participant_mrn: z.nullable(z.string()),
  title: z.string(),
  due_on: z.string(),
  /** Null when the assignee's account was deleted since. */
  assignee: z.nullable(careTeamMemberSchema),
  note: z.nullable(z.string()),
  flag_id: z.nullable(z.int()),
  created_by: z.nullable(careTeamMemberSchema),
  created_at: timestampSchema,
  done_at: z.nullable(timestampSchema),
  done_by: z.nullable(careTeamMemberSchema),
});
export type Task = z.infer<typeof taskSchema>;

export const taskListSchema = z.array(taskSchema);

/** The answer of GET /api/tasks/mine: open tasks by due date, and how many are overdue. */
export const myTasksSchema = z.object({
  tasks: taskListSchema,
  overdue: z.int().check(z.nonnegative()),
});
export type MyTasks = z.infer<typeof myTasksSchema>;

/** Open and due before `today` (both YYYY-MM-DD; the viewer's local date). */
export function isTaskOverdue(task: { done_at: string | null; due_on: string }, today: string) {
  return task.done_at === null && task.due_on < today;
}
