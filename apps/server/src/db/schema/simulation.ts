import { sql } from 'drizzle-orm';
import {
  check,
  date,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { surgeries, surgeryProcedureEnum } from './surgery';
import { users } from './users';

/** Programmes the simulation can run; the migration seeds them. */
export const simulationPrograms = pgTable('simulation_programs', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  durationDays: integer('duration_days').notNull(),
  procedure: surgeryProcedureEnum('procedure').notNull(),
});

/** A Demo participant's enrolment: one per participant, with the day data was generated up to. */
export const simulationEnrolments = pgTable('simulation_enrolments', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  programId: integer('program_id')
    .notNull()
    .references(() => simulationPrograms.id, { onDelete: 'restrict' }),
  surgeryId: integer('surgery_id').references(() => surgeries.id, { onDelete: 'set null' }),
  enrolledBy: integer('enrolled_by').references(() => users.id, { onDelete: 'set null' }),
  enrolledAt: timestamp('enrolled_at', { withTimezone: true }).notNull().defaultNow(),
  startDate: date('start_date').notNull(),
  surgeryDate: date('surgery_date').notNull(),
  currentRunDate: date('current_run_date').notNull(),
});

/**
 * The simulation clock: a single row (id 1). A null current_run_date follows today (UTC); a
 * date pins the simulation to that day (set it in SQL for a reproducible demonstration).
 */
export const simulationState = pgTable(
  'simulation_state',
  {
    id: smallint('id').primaryKey().default(1),
    currentRunDate: date('current_run_date'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('simulation_state_single_row', sql`${table.id} = 1`)],
);
