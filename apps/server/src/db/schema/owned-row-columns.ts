import { integer, serial, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** The serial key and owning user (rows go with their user) of a per-user credential table. */
export function userOwnedRowColumns() {
  return {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  };
}

/** The lifetime of a single-use code or token: wrong tries, expiry, use and creation. */
export function singleUseColumns() {
  return {
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  };
}
