import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { fhirBackendClients } from './fhir-clients';
import { users } from './users';

/**
 * A participant's consent to one app (SMART App Launch, standalone): which client, which scopes.
 * Every access token a participant's app holds names its grant, and is checked against it on
 * each call: revoking the grant, the client, or suspending or deleting the participant ends
 * those tokens at once.
 */
export const smartAppGrants = pgTable(
  'smart_app_grants',
  {
    id: uuid('id').primaryKey(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => fhirBackendClients.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scopes: text('scopes').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    index('smart_app_grants_user_idx')
      .on(table.userId)
      .where(sql`${table.revokedAt} is null`),
    index('smart_app_grants_client_idx').on(table.clientId),
  ],
);
