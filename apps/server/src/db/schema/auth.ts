import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { singleUseColumns, userOwnedRowColumns } from './owned-row-columns';

/** Opaque refresh tokens, stored as SHA-256 hashes; a family is one login's rotation chain. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    ...userOwnedRowColumns(),
    tokenHash: text('token_hash').notNull().unique(),
    familyId: uuid('family_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    clientAddress: text('client_address'),
    userAgent: text('user_agent'),
  },
  (table) => [
    index('refresh_tokens_family_idx').on(table.familyId),
    index('refresh_tokens_user_idx').on(table.userId),
  ],
);

export const LOGIN_CODE_PURPOSES = ['RESET', 'INVITE'] as const;

/** Single-use activation codes for password reset and invitations, stored hashed. */
export const loginCodes = pgTable(
  'login_codes',
  {
    ...userOwnedRowColumns(),
    codeHash: text('code_hash').notNull(),
    purpose: text('purpose', { enum: LOGIN_CODE_PURPOSES }).notNull(),
    ...singleUseColumns(),
  },
  (table) => [
    index('login_codes_active_idx')
      .on(table.userId, table.expiresAt)
      .where(sql`${table.usedAt} is null`),
  ],
);

/** Sign-in attempts, kept in the database so throttling holds across server processes. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    clientAddress: text('client_address').notNull(),
    succeeded: boolean('succeeded').notNull(),
    /**
     * The device id of the trusted-browser cookie the attempt came with (the account signed in
     * from that browser before); null for an untrusted client. Such attempts have their own
     * budget, apart from the account's and the address's untrusted attempts.
     */
    deviceId: text('device_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('login_attempts_email_idx').on(table.email, table.createdAt),
    index('login_attempts_address_idx').on(table.clientAddress, table.createdAt),
    index('login_attempts_device_idx')
      .on(table.deviceId, table.createdAt)
      .where(sql`${table.deviceId} is not null`),
  ],
);
