import type { TokenPair } from '@recovery-portal/contract/account';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { idleCutoffSeconds } from '@recovery-portal/contract/session-policy';
import type { Config } from '#app/config';
import type { Database } from '#app/db/client';
import { AppError } from '#app/lib/app-error';
import { sha256 } from '#app/lib/secure-random';
import type { CallerContext } from '#app/core/caller';
import { auditSignIn } from '#app/core/sign-in/sign-in-audit';
import type { StaffSignIn } from '#app/core/sign-in/staff-sign-in';
import { findActiveStaff } from '#app/core/staff-accounts/staff-accounts.repository';
import * as repo from './staff-sessions.repository';

/**
 * A session's life after its sign-in: each renewal rotates its refresh token, until logout, an
 * idle period past IDLE_TIMEOUT_MINUTES or SESSION_MAX_HOURS after the sign-in ends it.
 */
export function createSessionRenewal(deps: {
  db: Database;
  config: Config;
  signIn: Pick<StaffSignIn, 'issueTokens'>;
}) {
  const { db, config, signIn } = deps;
  const sessionMaxMs = config.sessionMaxHours * 3_600_000;
  const idleCutoffMs = idleCutoffSeconds(config.idleTimeoutMinutes) * 1000;

  return {
    /** Rotates a refresh token; presenting a used one revokes its whole family. */
    async refresh(refreshToken: string, caller: CallerContext): Promise<TokenPair> {
      const invalid = new AppError('UNAUTHENTICATED', MESSAGES.account.refreshInvalid);
      const row = await repo.findRefreshToken(db, sha256(refreshToken));
      if (!row) throw invalid;
      const reuse = async () => {
        await repo.revokeTokenFamily(db, row.familyId);
        await auditSignIn(db, AUDIT_ACTIONS.refreshReuse, caller, {
          userId: row.userId,
          details: { family: row.familyId },
        });
        return invalid;
      };
      // A revoked token with a successor was rotated, so presenting it again is a reuse; one
      // without was the newest of a session that has ended (logout, revoked, deactivated).
      if (row.revokedAt) throw (await repo.hasSuccessor(db, row)) ? await reuse() : invalid;
      if (row.expiresAt.getTime() <= Date.now()) throw invalid;
      // Each renewal stores a new token, so the newest token's age is how long the session has
      // gone unused: past the idle cutoff it ends, and a laptop closed mid-session cannot resume.
      if (Date.now() - row.createdAt.getTime() > idleCutoffMs) {
        await repo.revokeTokenFamily(db, row.familyId);
        await auditSignIn(db, AUDIT_ACTIONS.sessionIdleExpired, caller, {
          userId: row.userId,
          details: { family: row.familyId, idle_timeout_minutes: config.idleTimeoutMinutes },
        });
        throw invalid;
      }
      // However often it was renewed, a session ends SESSION_MAX_HOURS after its sign-in.
      const sessionStart = (await repo.sessionStartedAt(db, row.familyId)) ?? row.createdAt;
      if (Date.now() - sessionStart.getTime() >= sessionMaxMs) {
        await repo.revokeTokenFamily(db, row.familyId);
        await auditSignIn(db, AUDIT_ACTIONS.sessionLifetimeExpired, caller, {
          userId: row.userId,
          details: { family: row.familyId, session_max_hours: config.sessionMaxHours },
        });
        throw invalid;
      }
      const staff = await findActiveStaff(db, row.userId);
      if (!staff) {
        await repo.revokeTokenFamily(db, row.familyId);
        throw invalid;
      }
      // The token is consumed and its successor stored together, so to the per-call session
      // check of a concurrent request the session never looks ended in between.
      const pair = await db.transaction(async (tx) =>
        (await repo.consumeRefreshToken(tx, row.id))
          ? signIn.issueTokens(staff, row.familyId, caller, tx, sessionStart)
          : null,
      );
      // Another request consumed the token first: the same token was presented twice.
      if (!pair) throw await reuse();
      return pair;
    },

    /** Ends the session the refresh token belongs to; unknown tokens are ignored. */
    async logout(refreshToken: string, caller: CallerContext): Promise<void> {
      const row = await repo.findRefreshToken(db, sha256(refreshToken));
      if (!row) return;
      await repo.revokeTokenFamily(db, row.familyId);
      await auditSignIn(db, AUDIT_ACTIONS.logout, caller, { userId: row.userId });
    },
  };
}
