import { SURGERY_PROCEDURES, SURGERY_SIDES } from '@recovery-portal/contract/surgery';
import {
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from './users';

export const surgeryProcedureEnum = pgEnum('surgery_procedure', SURGERY_PROCEDURES);
export const surgerySideEnum = pgEnum('surgery_side', SURGERY_SIDES);

/** A participant's operation; the survey schedule and adherence are dated from surgery_date. */
export const surgeries = pgTable(
  'surgeries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    procedure: surgeryProcedureEnum('procedure').notNull(),
    side: surgerySideEnum('side').notNull(),
    surgeryDate: date('surgery_date').notNull(),
    surgeon: text('surgeon').notNull(),
    hospital: text('hospital').notNull(),
    notes: text('notes'),
    /** The staff member who added it; null for generated (simulation) surgeries. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('surgeries_user_date_idx').on(table.userId, table.surgeryDate),
    // Target of imaging_files' (surgery_id, user_id) foreign key: an image's participant is
    // always its surgery's participant.
    unique('surgeries_id_user_unique').on(table.id, table.userId),
  ],
);
