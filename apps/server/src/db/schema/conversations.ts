import { sql, type SQL } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type {
  ConversationMarker,
  TranscriptMessage,
} from '@recovery-portal/contract/conversations';
import { users } from './users';

/** A coach chat or call with its AI summary, markers and full transcript. */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
    summary: text('summary').notNull(),
    patientSummary: text('patient_summary').notNull().default(''),
    markers: jsonb('markers').$type<ConversationMarker[]>().notNull().default([]),
    transcript: jsonb('transcript').$type<TranscriptMessage[]>().notNull().default([]),
    nextBestAction: text('next_best_action'),
    nextVisitDate: date('next_visit_date'),
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL => sql`lower(${conversations.summary})`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('conversations_user_idx').on(table.userId, table.endedAt),
    index('conversations_created_idx').on(table.createdAt, table.id),
    index('conversations_ended_idx').on(table.endedAt, table.id),
    index('conversations_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
  ],
);
