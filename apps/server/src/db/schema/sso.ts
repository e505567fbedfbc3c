import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A single sign-on in progress (ADR 0015). The browser holds a random key in an httpOnly
 * cookie, the row holds its digest with the state, nonce and PKCE verifier, so any server
 * process can finish what another started and nothing secret travels through the browser.
 * Each step claims the row once: a replayed callback or completion finds it used.
 */
export const ssoSignIns = pgTable(
  'sso_sign_ins',
  {
    id: serial('id').primaryKey(),
    browserKeyHash: text('browser_key_hash').notNull().unique(),
    state: text('state').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    /** Set by an accepted callback: whom the completion signs in. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The provider's ID token, kept only until completion, as the logout hint. */
    idToken: text('id_token'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    callbackAt: timestamp('callback_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [index('sso_sign_ins_expires_at_idx').on(table.expiresAt)],
);

/**
 * The provider's identity (`iss` + `sub`) an account is bound to by its first single sign-on.
 * Later sign-ins must carry the same `sub`: a new person the provider gives a departed
 * colleague's email, or a provider account renamed to someone else's email, is refused. One
 * binding per account and issuer, so changing OIDC_ISSUER starts afresh; one account per
 * provider identity.
 */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.issuer] }),
    uniqueIndex('sso_identities_issuer_subject_unique').on(table.issuer, table.subject),
  ],
);
