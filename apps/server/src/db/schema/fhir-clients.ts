import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** A system client of the FHIR API (SMART Backend Services) and its registered public key. */
export const fhirBackendClients = pgTable(
  'fhir_backend_clients',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    /** The public JWK its assertions are verified with. */
    publicKey: jsonb('public_key').$type<Record<string, unknown>>().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    index('fhir_backend_clients_live_idx')
      .on(table.createdAt)
      .where(sql`${table.revokedAt} is null`),
  ],
);

/** Assertion ids already used, until they expire: an assertion is good for one token only. */
export const fhirClientAssertions = pgTable(
  'fhir_client_assertions',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => fhirBackendClients.id, { onDelete: 'cascade' }),
    jti: text('jti').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.clientId, table.jti] }),
    index('fhir_client_assertions_expires_idx').on(table.expiresAt),
  ],
);
