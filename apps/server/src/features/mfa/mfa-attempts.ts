import { AUDIT_ACTIONS, type AuditAction } from '@recovery-portal/contract/audit';
import type { Config } from '#app/config';
import type { Database } from '#app/db/client';
import type { CallerContext } from '#app/core/caller';
import { createLoginThrottle, signInKey } from '#app/core/sign-in/login-throttle';
import { auditSignIn } from '#app/core/sign-in/sign-in-audit';
import { recordLoginAttempt } from '#app/core/sign-in/sign-in.repository';

type Account = { id: number; email: string };

/**
 * Two-step codes and account-holder proofs as sign-in attempts: wrong ones count as failed
 * sign-ins in the same table as wrong passwords, so the sign-in throttle (per account and
 * address, per address, or per trusted browser; shared by every server process) covers both.
 */
export type MfaAttempts = ReturnType<typeof createMfaAttempts>;

export function createMfaAttempts(deps: { db: Database; config: Config }) {
  const { db, config } = deps;
  const throttle = createLoginThrottle(db, config);

  /** An audit row for a public call, with the account the challenge belongs to as the actor. */
  async function auditAs(
    user: Account,
    caller: CallerContext,
    action: AuditAction,
    details?: Record<string, unknown>,
  ) {
    await auditSignIn(db, action, caller, {
      userId: user.id,
      email: user.email,
      ...(details ? { details } : {}),
    });
  }

  return {
    auditAs,

    async refuseWhenThrottled(user: Account, caller: CallerContext) {
      await throttle.refuseWhenThrottled(signInKey(user, caller), (details) =>
        auditAs(user, caller, AUDIT_ACTIONS.loginThrottled, {
          step: 'two-step code',
          ...details,
        }),
      );
    },

    async countFailure(user: Account, caller: CallerContext, details: Record<string, unknown>) {
      await recordLoginAttempt(db, { ...signInKey(user, caller), succeeded: false });
      await auditAs(user, caller, AUDIT_ACTIONS.mfaChallengeFailed, details);
    },
  };
}
