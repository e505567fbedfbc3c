import { sql, type SQL } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  time,
  timestamp,
} from 'drizzle-orm/pg-core';
import { NUDGE_FEEDBACK_TYPES, NUDGE_STATUSES } from '@recovery-portal/contract/nudges';
import { users } from './users';

export const nudgeStatusEnum = pgEnum('nudge_status', NUDGE_STATUSES);
export const nudgeFeedbackEnum = pgEnum('nudge_feedback', NUDGE_FEEDBACK_TYPES);

/** Messages sent to a participant's phone, with their tracking status and feedback. */
export const nudges = pgTable(
  'nudges',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    targetDate: date('target_date').notNull(),
    /** Local time of day the notification is sent. */
    sendTime: time('send_time').notNull(),
    trackingType: nudgeStatusEnum('tracking_type').notNull(),
    feedbackType: nudgeFeedbackEnum('feedback_type'),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL => sql`lower(${nudges.title} || ' ' || ${nudges.content})`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('nudges_user_idx').on(table.userId, table.targetDate),
    index('nudges_target_date_idx').on(table.targetDate, table.id),
    index('nudges_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
  ],
);
