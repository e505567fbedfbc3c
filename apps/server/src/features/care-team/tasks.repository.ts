import { and, asc, desc, eq, isNotNull, isNull, sql, type Column } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  MAX_TASKS_LISTED,
  type CreateTask,
  type Task,
  type UpdateTask,
} from '@recovery-portal/contract/tasks';
import { preparedOutsideTransactions } from '#app/db/ambient-transaction';
import type { Database } from '#app/db/client';
import { tasks } from '#app/db/schema/care-team';
import { clinicalFlags } from '#app/db/schema/triage';
import { users } from '#app/db/schema/users';
import { auditCte, type AuditValues } from '#app/core/audit/record-audit';
import {
  participantCte,
  participantListStatement,
  participantRecords,
} from '#app/core/audit/participant-read';
import { staffName } from '#app/core/staff-names';

const participants = alias(users, 'task_participant');
const assignees = alias(users, 'task_assignee');
const creators = alias(users, 'task_creator');
const finishers = alias(users, 'task_finisher');

const taskColumns = {
  id: tasks.id,
  participantId: tasks.participantId,
  participantName: sql<string>`trim(${participants.firstName} || ' ' || ${participants.lastName})`,
  participantBirthDate: participants.birthDate,
  participantMrn: participants.mrn,
  title: tasks.title,
  dueOn: tasks.dueOn,
  assigneeId: assignees.id,
  assigneeName: staffName(assignees),
  note: tasks.note,
  flagId: tasks.flagId,
  creatorId: creators.id,
  creatorName: staffName(creators),
  createdAt: tasks.createdAt,
  doneAt: tasks.doneAt,
  finisherId: finishers.id,
  finisherName: staffName(finishers),
};

/**
 * taskColumns for a CTE: its columns need names of their own, and the people's ids would all
 * be "id".
 */
const taskCteColumns = {
  ...taskColumns,
  participantName: taskColumns.participantName.as('participant_name'),
  assigneeId: sql<number | null>`${assignees.id}`.as('assignee_id'),
  assigneeName: taskColumns.assigneeName.as('assignee_name'),
  creatorId: sql<number | null>`${creators.id}`.as('creator_id'),
  creatorName: taskColumns.creatorName.as('creator_name'),
  finisherId: sql<number | null>`${finishers.id}`.as('finisher_id'),
  finisherName: taskColumns.finisherName.as('finisher_name'),
};

type TaskRow = {
  id: number;
  participantId: number;
  participantName: string;
  participantBirthDate: string | null;
  participantMrn: string | null;
  title: string;
  dueOn: string;
  assigneeId: number | null;
  assigneeName: string | null;
  note: string | null;
  flagId: number | null;
  creatorId: number | null;
  creatorName: string | null;
  createdAt: Date;
  doneAt: Date | null;
  finisherId: number | null;
  finisherName: string | null;
};

const member = (id: number | null, name: string | null) =>
  id === null ? null : { id, name: name ?? '' };

function toTask(row: TaskRow): Task {
  return {
    id: row.id,
    participant_id: row.participantId,
    participant_name: row.participantName,
    participant_birth_date: row.participantBirthDate,
    participant_mrn: row.participantMrn,
    title: row.title,
    due_on: row.dueOn,
    assignee: member(row.assigneeId, row.assigneeName),
    note: row.note,
    flag_id: row.flagId,
    created_by: member(row.creatorId, row.creatorName),
    created_at: row.createdAt.toISOString(),
    done_at: row.doneAt ? row.doneAt.toISOString() : null,
    // Done by an account since deleted: the time stays, the name goes.
    done_by: row.doneAt ? member(row.finisherId, row.finisherName) : null,
  };
}

/** Tasks with the people they name: their participant, assignee, creator and finisher. */
const taskPeople = {
  participant: eq(participants.id, tasks.participantId),
  assignee: eq(assignees.id, tasks.assigneeId),
  creator: eq(creators.id, tasks.createdBy),
  finisher: eq(finishers.id, tasks.doneBy),
};

function selectTasks(db: Database) {
  return db
    .select(taskColumns)
    .from(tasks)
    .innerJoin(participants, taskPeople.participant)
    .leftJoin(assignees, taskPeople.assignee)
    .leftJoin(creators, taskPeople.creator)
    .leftJoin(finishers, taskPeople.finisher)
    .$dynamic();
}

/** selectTasks with taskCteColumns, for a statement's CTE. */
function selectTaskRows(db: Database) {
  return db
    .select(taskCteColumns)
    .from(tasks)
    .innerJoin(participants, taskPeople.participant)
    .leftJoin(assignees, taskPeople.assignee)
    .leftJoin(creators, taskPeople.creator)
    .leftJoin(finishers, taskPeople.finisher)
    .$dynamic();
}

export async function insertTask(db: Database, task: CreateTask, createdBy: number) {
  const [row] = await db
    .insert(tasks)
    .values({
      participantId: task.participant_id,
      title: task.title,
      dueOn: task.due_on,
      assigneeId: task.assignee_id,
      note: task.note,
      flagId: task.flag_id,
      createdBy,
    })
    .returning({ id: tasks.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function findTask(db: Database, id: number): Promise<Task | null> {
  const [row] = await selectTasks(db).where(eq(tasks.id, id)).limit(1);
  return row ? toTask(row) : null;
}

/** True when the flag belongs to the participant. */
export async function flagOfParticipant(db: Database, flagId: number, participantId: number) {
  const [row] = await db
    .select({ id: clinicalFlags.id })
    .from(clinicalFlags)
    .where(and(eq(clinicalFlags.id, flagId), eq(clinicalFlags.userId, participantId)))
    .limit(1);
  return Boolean(row);
}

/**
 * The assignee's open tasks, earliest due first, in one statement with the call's audit row,
 * which names the tasks returned (`returned`). Always the same statement, so it is prepared once
 * and kept.
 */
const openTasksStatement = preparedOutsideTransactions((db) => {
  const rows = db.$with('rows').as(
    selectTaskRows(db)
      .where(and(eq(tasks.assigneeId, sql.placeholder('assigneeId')), isNull(tasks.doneAt)))
      .orderBy(asc(tasks.dueOn), asc(tasks.id))
      .limit(MAX_TASKS_LISTED),
  );
  const returned = sql`jsonb_build_object('returned', (select coalesce(jsonb_agg(r.id order by r.due_on, r.id), '[]'::jsonb) from ${rows} r))`;
  return db
    .with(rows, auditCte(db, returned))
    .select(rows._.selectedFields)
    .from(rows)
    .orderBy(asc(rows.dueOn), asc(rows.id))
    .prepare('my_tasks_audited');
});

/** The assignee's open tasks, earliest due first, read with the call's audit row. */
export async function auditedOpenTasksOf(
  db: Database,
  assigneeId: number,
  audit: AuditValues,
): Promise<Task[]> {
  const rows = await openTasksStatement(db).execute({ ...audit, assigneeId });
  return rows.map(toTask);
}

/** Open ones earliest due first, then done ones latest done first. */
function participantTaskOrder(table: { doneAt: Column; dueOn: Column; id: Column }) {
  return [
    sql`${table.doneAt} is not null`,
    asc(sql`case when ${table.doneAt} is null then ${table.dueOn} end`),
    desc(table.doneAt),
    desc(table.id),
  ];
}

/**
 * A participant's tasks (participantTaskOrder) in one statement with the call's audit row
 * (core/audit/participant-read.ts), which counts them. Always the same statement, so it is
 * prepared once and kept.
 */
const participantTasksStatement = preparedOutsideTransactions((db) => {
  const participant = participantCte(db);
  const rows = db.$with('rows').as(
    selectTaskRows(db)
      .innerJoin(participant, eq(participant.id, tasks.participantId))
      .orderBy(...participantTaskOrder(tasks))
      .limit(MAX_TASKS_LISTED),
  );
  return participantListStatement(db, { participant, rows }, rows._.selectedFields)
    .orderBy(...participantTaskOrder(rows))
    .prepare('participant_tasks_audited');
});

/** A participant's tasks, read with the call's audit row; 404 for no participant. */
export async function auditedTasksOfParticipant(
  db: Database,
  participantId: number,
  audit: AuditValues,
): Promise<Task[]> {
  const rows = await participantTasksStatement(db).execute({ ...audit, participantId });
  return participantRecords(rows, participantId).map(toTask);
}

/** Marks an open task done by `staffId` now; false when it was not open (or not there). */
export async function markDone(db: Database, id: number, staffId: number): Promise<boolean> {
  const rows = await db
    .update(tasks)
    .set({ doneAt: sql`now()`, doneBy: staffId })
    .where(and(eq(tasks.id, id), isNull(tasks.doneAt)))
    .returning({ id: tasks.id });
  return rows.length === 1;
}

/** Opens a done task again; false when it was not done (or not there). */
export async function reopen(db: Database, id: number): Promise<boolean> {
  const rows = await db
    .update(tasks)
    .set({ doneAt: null, doneBy: null })
    .where(and(eq(tasks.id, id), isNotNull(tasks.doneAt)))
    .returning({ id: tasks.id });
  return rows.length === 1;
}

/** Applies an edit (only the fields given); false when the task is not there. */
export async function updateTask(db: Database, id: number, changes: UpdateTask): Promise<boolean> {
  const rows = await db
    .update(tasks)
    .set({
      ...(changes.title !== undefined ? { title: changes.title } : {}),
      ...(changes.due_on !== undefined ? { dueOn: changes.due_on } : {}),
      ...(changes.assignee_id !== undefined ? { assigneeId: changes.assignee_id } : {}),
      ...(changes.note !== undefined ? { note: changes.note } : {}),
    })
    .where(eq(tasks.id, id))
    .returning({ id: tasks.id });
  return rows.length === 1;
}

/** Deletes a task; false when it was not there. */
export async function deleteTask(db: Database, id: number): Promise<boolean> {
  const rows = await db.delete(tasks).where(eq(tasks.id, id)).returning({ id: tasks.id });
  return rows.length === 1;
}
