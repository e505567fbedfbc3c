import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A single sign-on in progress (issue 20). The browser holds a random key in an httpOnly
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
