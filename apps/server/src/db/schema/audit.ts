import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Append-only record of who did what to whom. Actor and subject are plain ids without foreign
 * keys so that deleting an account never deletes the trail about it.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: integer('actor_id'),
    actorEmail: text('actor_email'),
    /** 'Name <email>' of the actor and of a user subject as they were when the row was written. */
    actorName: text('actor_name'),
    subjectName: text('subject_name'),
    action: text('action').notNull(),
    subjectType: text('subject_type'),
    subjectId: integer('subject_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    clientAddress: text('client_address'),
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Refusals of callers no one knows (a flood) fold into one row per source address, action
     * and minute: `folded_minute` is that minute (null on every other row) and `repeat_count`
     * how many refusals the row stands for. The append-only trigger lets such a row count one
     * more and change nothing else (migration 0021).
     */
    foldedMinute: timestamp('folded_minute', { withTimezone: true }),
    repeatCount: integer('repeat_count').notNull().default(1),
  },
  (table) => [
    uniqueIndex('audit_log_folded_idx')
      .on(table.action, table.clientAddress, table.foldedMinute)
      .where(sql`${table.foldedMinute} is not null`),
    // The Audit log's order (newest first) and its date range.
    index('audit_log_created_idx').on(table.createdAt, table.id),
    index('audit_log_subject_idx').on(table.subjectType, table.subjectId),
    // The Audit log's other filters.
    index('audit_log_action_idx').on(table.action, table.createdAt, table.id),
    index('audit_log_actor_email_trgm_idx').using('gin', sql`${table.actorEmail} gin_trgm_ops`),
    // The participants a list view showed (see audit.repository), for the participant filter.
    index('audit_log_listed_participants_idx').using(
      'gin',
      sql`(coalesce(${table.details} -> 'participant_ids', '[]'::jsonb) || coalesce(${table.details} -> 'returned', '[]'::jsonb)) jsonb_path_ops`,
    ),
  ],
);
