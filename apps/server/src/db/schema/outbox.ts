import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Mail written here instead of SMTP when no SMTP_URL is configured. */
export const outbox = pgTable('outbox', {
  id: serial('id').primaryKey(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
