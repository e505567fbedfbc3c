import {
  bigint,
  bigserial,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { conversations } from './conversations';
import { fhirBackendClients } from './fhir-clients';
import { users } from './users';

/**
 * The identifiers (system|value) a FHIR create carried, per participant and type: a retried
 * upload (If-None-Exist: identifier=…) finds the resource it stored the first time.
 */
export const fhirWriteIdentifiers = pgTable(
  'fhir_write_identifiers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    resourceType: text('resource_type').notNull(),
    system: text('system').notNull(),
    value: text('value').notNull(),
    /** The served id of what was stored, e.g. m-12, bp-12, 40 or msg-7. */
    resourceId: text('resource_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.resourceType, table.system, table.value] }),
  ],
);

export const COACH_MESSAGE_SENDERS = ['PARTICIPANT', 'COACH'] as const;
export const coachMessageSenderEnum = pgEnum('coach_message_sender', COACH_MESSAGE_SENDERS);

/**
 * One message between a participant and the coach sent through the FHIR API (a Communication):
 * it is also a line of its conversation's transcript, which the coach screens and the concern
 * screening read.
 */
export const coachMessages = pgTable(
  'coach_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    sender: coachMessageSenderEnum('sender').notNull(),
    text: text('text').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    /** The message this one answers, when the sender said so. */
    inResponseTo: bigint('in_response_to', { mode: 'number' }),
    /** The app or system client that sent it. */
    clientId: uuid('client_id').references(() => fhirBackendClients.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('coach_messages_user_time_idx').on(table.userId, table.sentAt),
    index('coach_messages_conversation_idx').on(table.conversationId),
  ],
);
