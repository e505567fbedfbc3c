import type { Database } from '#app/db/client';
import { loginCodes } from '#app/db/schema/auth';
import { activationCode, sha256 } from '#app/lib/secure-random';

/**
 * Stores a new single-use code for setting the account's password (only its SHA-256) and
 * returns it, for the email that carries it; `into` is the transaction that queues that email.
 */
export async function createLoginCode(
  into: Database,
  code: { userId: number; purpose: 'INVITE' | 'RESET'; minutesValid: number },
): Promise<string> {
  const value = activationCode();
  await into.insert(loginCodes).values({
    userId: code.userId,
    codeHash: sha256(value),
    purpose: code.purpose,
    expiresAt: new Date(Date.now() + code.minutesValid * 60_000),
  });
  return value;
}
