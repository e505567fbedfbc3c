import { AUDIT_ACTIONS, type AuditAction } from '@recovery-portal/contract/audit';
import type { Database } from '#app/db/client';
import { recordAudit } from '#app/core/audit/record-audit';
import type { CallerContext } from '#app/core/caller';
import { RateLimitedError } from '#app/lib/app-error';
import { findAccountByEmail } from './participant-account.repository';

/** An attempt's key for the sign-in throttle; participants have no trusted-browser cookie. */
interface AttemptKey {
  email: string;
  clientAddress: string;
  deviceId: null;
}

/**
 * What a participant's sign-in shares with staff sign-in, handed in by the composition root
 * (the account feature owns them): the argon2id check with its decoy for unknown accounts, and
 * the database-backed throttle and its attempt rows.
 */
export interface SignInPieces {
  verifyPassword(passwordHash: string | null, password: string): Promise<boolean>;
  throttle: {
    refuseWhenThrottled(
      key: AttemptKey,
      audit: (details: Record<string, unknown>) => Promise<void>,
    ): Promise<void>;
  };
  recordLoginAttempt(db: Database, attempt: AttemptKey & { succeeded: boolean }): Promise<void>;
}

/**
 * A participant signing in to an app (the SMART authorization page): the same answer for every
 * refusal (unknown email, wrong password, a staff or suspended or invited account) after the
 * same work, throttled per account and address like staff sign-in, and audited. Staff cannot
 * sign in here: a participant app reaches only a participant's own data.
 */
export function createParticipantSignIn(deps: { db: Database; pieces: SignInPieces }) {
  const { db, pieces } = deps;

  const audit = (
    action: AuditAction,
    caller: CallerContext,
    entry: { userId?: number; email: string; details: Record<string, unknown>; folded?: true },
  ) =>
    recordAudit(db, {
      actorId: entry.userId ?? null,
      actorEmail: entry.email,
      action,
      subjectType: entry.userId ? 'user' : null,
      subjectId: entry.userId ?? null,
      details: entry.details,
      clientAddress: caller.clientAddress,
      requestId: caller.requestId,
      ...(entry.folded ? { folded: entry.folded } : {}),
    });

  return async function signIn(
    emailGiven: string,
    password: string,
    caller: CallerContext,
    details: Record<string, unknown>,
  ): Promise<{ ok: true; userId: number } | { ok: false; retryAfterSeconds: number | null }> {
    const email = emailGiven.toLowerCase();
    const key: AttemptKey = { email, clientAddress: caller.clientAddress, deviceId: null };
    const via = { ...details, via: 'participant app' };
    try {
      await pieces.throttle.refuseWhenThrottled(key, (wait) =>
        audit(AUDIT_ACTIONS.loginThrottled, caller, {
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
    const account = await findAccountByEmail(db, email);
    const passwordOk = await pieces.verifyPassword(account?.passwordHash ?? null, password);
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
      await pieces.recordLoginAttempt(db, { ...key, succeeded: false });
      await audit(AUDIT_ACTIONS.loginFailed, caller, {
        ...(account ? { userId: account.id } : {}),
        email,
        details: { ...via, reason },
      });
      return { ok: false, retryAfterSeconds: null };
    }
    await pieces.recordLoginAttempt(db, { ...key, succeeded: true });
    await audit(AUDIT_ACTIONS.login, caller, { userId: account.id, email, details: via });
    return { ok: true, userId: account.id };
  };
}
