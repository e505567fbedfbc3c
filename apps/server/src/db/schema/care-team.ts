import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { clinicalFlags } from './triage';
import { users } from './users';

/**
 * A follow-up task (ADR 0018): what a staff member owes a participant by a day. Done keeps the
 * row with who and when; reopening clears them. Staff deleted later leave the task nameless.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    participantId: integer('participant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** A calendar day: overdue is judged against the viewer's local date. */
    dueOn: date('due_on').notNull(),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    /** The flag the task follows up, when it was created from one. */
    flagId: integer('flag_id').references(() => clinicalFlags.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneBy: integer('done_by').references(() => users.id, { onDelete: 'set null' }),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (table) => [
    // "My tasks": an assignee's open tasks by due date.
    index('tasks_open_assignee_idx')
      .on(table.assigneeId, table.dueOn, table.id)
      .where(sql`${table.doneAt} is null`),
    // The participants list's next due date and "has an overdue task" filter.
    index('tasks_open_participant_idx')
      .on(table.participantId, table.dueOn)
      .where(sql`${table.doneAt} is null`),
    index('tasks_participant_idx').on(table.participantId, table.id),
  ],
);

/**
 * When each staff member was last sent the critical-flag digest. The row is the claim: a server
 * updates it only when the interval has passed, in the transaction that queues the mail, so two
 * servers (or two runs) never send the same recipient two digests within the interval.
 */
export const careTeamDigests = pgTable('care_team_digests', {
  recipientId: integer('recipient_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
});

/** Which critical flags each recipient has been told about, so none is counted twice. */
export const careTeamDigestFlags = pgTable(
  'care_team_digest_flags',
  {
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    flagId: integer('flag_id')
      .notNull()
      .references(() => clinicalFlags.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.recipientId, table.flagId] }),
    index('care_team_digest_flags_flag_idx').on(table.flagId),
  ],
);
