import { sql } from 'drizzle-orm';
import { FHIR_CLIENT_KINDS } from '@recovery-portal/contract/fhir-clients';
import {
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

export const fhirClientKindEnum = pgEnum('fhir_client_kind', FHIR_CLIENT_KINDS);

/**
 * A client of the FHIR API: a system client (SMART Backend Services) with its registered public
 * key, or a participant app (SMART App Launch, public client) with its redirect URIs and no key.
 * Its scopes are fixed at registration; it is active once `approved_at` is set: a system client
 * at once when its scopes reach no patient data, else when a second administrator approves it
 * (DESIGN §6); a participant app at once, as it reaches only the signed-in participant's data.
 */
export const fhirBackendClients = pgTable(
  'fhir_backend_clients',
  {
    id: uuid('id').primaryKey(),
    kind: fhirClientKindEnum('kind').notNull().default('system'),
    name: text('name').notNull(),
    /** The public JWK a system client's assertions are verified with; null for a participant app. */
    publicKey: jsonb('public_key').$type<Record<string, unknown>>(),
    /** Where a participant app's sign-in may return, each compared exactly; empty for a system. */
    redirectUris: text('redirect_uris')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The most any of its tokens may hold (SMART scopes, v1 or v2 spelling). */
    scopes: text('scopes').array().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null while it awaits a second administrator's approval. */
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** Null when it needed no approval (no patient data in its scopes). */
    approvedBy: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    index('fhir_backend_clients_live_idx')
      .on(table.createdAt)
      .where(sql`${table.revokedAt} is null`),
    // A system client authenticates with its key alone.
    check(
      'fhir_backend_clients_key_check',
      sql`${table.kind} = 'public' or ${table.publicKey} is not null`,
    ),
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
