import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { participantTypeEnum } from './users';

/**
 * How many nudges and coach conversations (record_table) participants of each type have; a null
 * participant_type counts participants without one. The nudge and coach lists need an exact
 * total: with no filter but the type tab it is read here instead of joining every row with its
 * participant. Kept by statement-level triggers on nudges, conversations and users in the same
 * transaction as the change (migration 0008), never written by the application.
 *
 * A key may have a few rows, summed when read: a trigger folds the rows it can lock into one and
 * adds its change as a new row, skipping rows another open transaction holds, so concurrent
 * writers never wait for each other's commit.
 */
export const participantRecordCounts = pgTable(
  'participant_record_counts',
  {
    recordTable: text('record_table').notNull(),
    participantType: participantTypeEnum('participant_type'),
    n: integer('n').notNull(),
  },
  (table) => [
    index('participant_record_counts_key_idx').on(table.recordTable, table.participantType),
  ],
);
