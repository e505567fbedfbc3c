import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { PAIN_BODY_SITES, PAIN_LOG_SOURCES } from '@recovery-portal/contract/pain';
import { users } from './users';

export const painBodySiteEnum = pgEnum('pain_body_site', PAIN_BODY_SITES);
export const painLogSourceEnum = pgEnum('pain_log_source', PAIN_LOG_SOURCES);

/** Reported pain scores (0–10) with the body site and an optional note. */
export const painLogs = pgTable(
  'pain_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    score: smallint('score').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    bodySite: painBodySiteEnum('body_site').notNull(),
    note: text('note'),
    source: painLogSourceEnum('source').notNull(),
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('pain_logs_user_time_idx').on(table.userId, table.recordedAt, table.id),
    check('pain_logs_score_range', sql`${table.score} between 0 and 10`),
  ],
);
