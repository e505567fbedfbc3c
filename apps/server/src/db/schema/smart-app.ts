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

/**
 * One run of a participant app's authorization (SMART App Launch, standalone): what the app
 * asked for, the browser it runs in (the SHA-256 of a cookie's key, so that only that browser
 * can sign in and answer), then the participant who signed in and, once they allowed it, the
 * single-use code (its SHA-256) the app exchanges with its PKCE verifier. Rows live minutes.
 */
export const smartAuthorizations = pgTable(
  'smart_authorizations',
  {
    id: uuid('id').primaryKey(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => fhirBackendClients.id, { onDelete: 'cascade' }),
    redirectUri: text('redirect_uri').notNull(),
    state: text('state').notNull(),
    /** PKCE S256: base64url of the SHA-256 of the app's code verifier. */
    codeChallenge: text('code_challenge').notNull(),
    /** What the participant is asked to allow: the request within the app's registered scopes. */
    scopes: text('scopes').array().notNull(),
    browserHash: text('browser_hash').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').unique(),
    /** When the code was exchanged (or refused at exchange): a code works once. */
    codeUsedAt: timestamp('code_used_at', { withTimezone: true }),
    /** The grant its exchange made, revoked if the code is presented again. */
    grantId: uuid('grant_id').references(() => smartAppGrants.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('smart_authorizations_expires_idx').on(table.expiresAt)],
);

/**
 * Refresh tokens of participant apps (offline_access), stored as SHA-256 digests. The grant is
 * the family: each use replaces the token, and presenting a used one revokes the grant.
 */
export const smartRefreshTokens = pgTable(
  'smart_refresh_tokens',
  {
    id: uuid('id').primaryKey(),
    grantId: uuid('grant_id')
      .notNull()
      .references(() => smartAppGrants.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('smart_refresh_tokens_grant_idx').on(table.grantId)],
);
