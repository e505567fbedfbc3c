import { date, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** The coach model's current picture of a participant, shown as JSON (spec 'Digital Twin'). */
export const digitalTwins = pgTable('digital_twins', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A marker the participant belongs to over a date range (Marker Membership tab). */
export const markerMemberships = pgTable(
  'marker_memberships',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type'),
    topic: text('topic'),
    markerName: text('marker_name'),
    validFrom: date('valid_from').notNull(),
    validTo: date('valid_to'),
  },
  (table) => [index('marker_memberships_user_idx').on(table.userId, table.validFrom)],
);

/** A segment the participant falls in over a date range (Segments tab). */
export const segments = pgTable(
  'segments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    validFrom: date('valid_from').notNull(),
    validTo: date('valid_to'),
  },
  (table) => [index('segments_user_idx').on(table.userId, table.validFrom)],
);
