import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { singleUseColumns, userOwnedRowColumns } from './owned-row-columns';
import { users } from './users';

/**
 * A staff member's TOTP authenticator (RFC 6238), one per account. The secret is stored only
 * encrypted (AES-256-GCM, features/mfa/mfa-keys.ts) under a key derived from the server's
 * secret, which never enters the database.
 */
export const staffMfa = pgTable('staff_mfa', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretCiphertext: text('secret_ciphertext').notNull(),
  /** null while the enrolment waits for its first code; two-step sign-in is on once set. */
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The last accepted time step: a code is never accepted twice, even within its window. */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes, stored as keyed hashes (HMAC-SHA-256, see recovery-codes.ts). */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    ...userOwnedRowColumns(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('mfa_recovery_codes_user_hash_idx').on(table.userId, table.codeHash)],
);

export const MFA_CHALLENGE_PURPOSES = ['VERIFY', 'ENROL'] as const;

/**
 * The short-lived token a correct password earns when a second step is needed: stored hashed,
 * single use, and dead after a few wrong codes.
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    ...userOwnedRowColumns(),
    tokenHash: text('token_hash').notNull().unique(),
    purpose: text('purpose', { enum: MFA_CHALLENGE_PURPOSES }).notNull(),
    ...singleUseColumns(),
  },
  (table) => [
    index('mfa_challenges_user_idx')
      .on(table.userId)
      .where(sql`${table.usedAt} is null`),
  ],
);
