import { randomUUID } from 'node:crypto';
import type { LoginResponse, TokenPair } from '@recovery-portal/contract/account';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import type { LoginResult } from '@recovery-portal/contract/mfa';
import type { StaffRole } from '@recovery-portal/contract/users';
import type { Config } from '#app/config';
import type { Database } from '#app/db/client';
import { opaqueToken, sha256 } from '#app/lib/secure-random';
import type { AccessTokens } from '#app/core/auth/access-tokens';
import type { CallerContext } from '#app/core/caller';
import { toSessionUser, type UserRow } from '#app/core/staff-accounts/staff-accounts.repository';
import { signInKey } from './login-throttle';
import { issueMfaChallenge } from './mfa-challenge';
import { auditSignIn } from './sign-in-audit';
import { recordLoginAttempt, insertRefreshToken } from './sign-in.repository';

type StaffRow = UserRow & { role: StaffRole };

/**
 * What every sign-in shares once its first factor holds (the password or the identity
 * provider): the two-step challenge when the account needs one, else the staff session. A
 * session is a family of refresh tokens, each renewal adding one, and the access tokens that
 * name it.
 */
export function createStaffSignIn(deps: { db: Database; config: Config; tokens: AccessTokens }) {
  const { db, config, tokens } = deps;
  const refreshTtlMs = config.refreshTokenTtlHours * 3_600_000;
  const sessionMaxMs = config.sessionMaxHours * 3_600_000;

  /**
   * A new token of the session; it expires by the session's absolute end at the latest, which
   * also ends the session's access tokens then (the per-call check needs a live token).
   */
  async function issueTokens(
    user: { id: number; role: StaffRole },
    familyId: string,
    caller: CallerContext,
    into: Database = db,
    sessionStart: Date = new Date(),
  ): Promise<TokenPair> {
    const refreshToken = opaqueToken();
    await insertRefreshToken(into, {
      userId: user.id,
      tokenHash: sha256(refreshToken),
      familyId,
      expiresAt: new Date(
        Math.min(Date.now() + refreshTtlMs, sessionStart.getTime() + sessionMaxMs),
      ),
      clientAddress: caller.clientAddress,
      userAgent: caller.userAgent?.slice(0, 300) ?? null,
    });
    return {
      access_token: await tokens.sign({ userId: user.id, role: user.role, sessionId: familyId }),
      refresh_token: refreshToken,
    };
  }

  /** Starts the session of a staff member who has passed every sign-in step. */
  async function complete(
    staff: StaffRow,
    caller: CallerContext,
    details?: Record<string, unknown>,
  ): Promise<LoginResponse> {
    await recordLoginAttempt(db, { ...signInKey(staff, caller), succeeded: true });
    await auditSignIn(db, AUDIT_ACTIONS.login, caller, {
      userId: staff.id,
      email: staff.email,
      ...(details ? { details } : {}),
    });
    const pair = await issueTokens(staff, randomUUID(), caller);
    return { ...pair, user: toSessionUser(staff) };
  }

  return {
    issueTokens,
    complete,

    /**
     * After the first factor: two-step sign-in (on for the account, or required of all staff)
     * comes before any token; without it the session starts. `details` go on the audit row.
     */
    async afterFirstFactor(
      staff: StaffRow,
      caller: CallerContext,
      details?: Record<string, unknown>,
    ): Promise<LoginResult> {
      const challenge = await issueMfaChallenge(db, staff);
      if (!challenge) return complete(staff, caller, details);
      await auditSignIn(db, AUDIT_ACTIONS.mfaChallenge, caller, {
        userId: staff.id,
        email: staff.email,
        details: { ...details, kind: challenge.mfa },
      });
      return challenge;
    },
  };
}
export type StaffSignIn = ReturnType<typeof createStaffSignIn>;
