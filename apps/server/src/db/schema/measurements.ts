import {
  bigserial,
  index,
  integer,
  pgEnum,
  pgTable,
  real,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { MEASUREMENT_SOURCES } from '@recovery-portal/contract/measurements';
import { users } from './users';

export const measurementSourceEnum = pgEnum('measurement_source', MEASUREMENT_SOURCES);

/** Telemetry and lab values: code (LOINC where one exists), value, UCUM unit, time, source. */
export const measurements = pgTable(
  'measurements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    value: real('value').notNull(),
    unit: text('unit').notNull(),
    measuredAt: timestamp('measured_at', { withTimezone: true }).notNull(),
    source: measurementSourceEnum('source').notNull(),
    /**
     * When the portal stored it, for what arrives late (a phone that was offline): FHIR
     * meta.lastUpdated and _since read it. Null for rows generated in bulk, stored as measured.
     */
    storedAt: timestamp('stored_at', { withTimezone: true }),
  },
  (table) => [
    index('measurements_user_code_time_idx').on(table.userId, table.code, table.measuredAt),
  ],
);
