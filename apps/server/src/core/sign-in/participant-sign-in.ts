import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import type { Config } from '#app/config';
import type { Database } from '#app/db/client';
import type { CallerContext } from '#app/core/caller';
import { verifyPassword } from '#app/core/staff-accounts/passwords';
import { findUserByEmail } from '#app/core/staff-accounts/staff-accounts.repository';
import { RateLimitedError } from '#app/lib/app-error';
import { createLoginThrottle, type SignInKey } from './login-throttle';
import { auditSignIn } from './sign-in-audit';
import { recordLoginAttempt } from './sign-in.repository';

/**
 * A participant signing in to an app (the SMART authorization page): the same answer for every
 * refusal (unknown email, wrong password, a staff or suspended or invited account) after the
 * same work (the argon2id check with its decoy for unknown accounts), throttled per account and
 * address with staff sign-in's rows, and audited. Staff cannot sign in here: a participant app
 * reaches only a participant's own data. Participants have no trusted-browser cookie.
 */
export function createParticipantSignIn(db: Database, config: Config) {
  const throttle = createLoginThrottle(db, config);

  return async function signIn(
    emailGiven: string,
    password: string,
    caller: CallerContext,
    details: Record<string, unknown>,
  ): Promise<{ ok: true; userId: number } | { ok: false; retryAfterSeconds: number | null }> {
    const email = emailGiven.toLowerCase();
    const key: SignInKey = { email, clientAddress: caller.clientAddress, deviceId: null };
    const via = { ...details, via: 'participant app' };
    try {
      await throttle.refuseWhenThrottled(key, (wait) =>
        auditSignIn(db, AUDIT_ACTIONS.loginThrottled, caller, {
          email,
          details: { ...via, ...wait },
          folded: true,
        }),
      );
    } catch (error) {
      if (error instanceof RateLimitedError) {
        return { ok: false, retryAfterSeconds: error.retryAfterSeconds };
      }
      throw error;
    }
    const account = await findUserByEmail(db, email);
    const passwordOk = await verifyPassword(account?.passwordHash ?? null, password);
    if (
      !account ||
      !passwordOk ||
      account.role !== 'PARTICIPANT' ||
      account.status !== 'ACTIVATED'
    ) {
      const reason = !account
        ? 'unknown account'
        : !passwordOk
          ? 'wrong password'
          : `account ${account.role} ${account.status}`;
      await recordLoginAttempt(db, { ...key, succeeded: false });
      await auditSignIn(db, AUDIT_ACTIONS.loginFailed, caller, {
        ...(account ? { userId: account.id, role: account.role } : {}),
        email,
        details: { ...via, reason },
      });
      return { ok: false, retryAfterSeconds: null };
    }
    await recordLoginAttempt(db, { ...key, succeeded: true });
    await auditSignIn(db, AUDIT_ACTIONS.login, caller, {
      userId: account.id,
      role: account.role,
      email,
      details: via,
    });
    return { ok: true, userId: account.id };
  };
}

export type ParticipantSignIn = ReturnType<typeof createParticipantSignIn>;
