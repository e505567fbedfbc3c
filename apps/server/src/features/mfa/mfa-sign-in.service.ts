import type { LoginResponse } from '@recovery-portal/contract/account';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import {
  isTotpCode,
  MFA_MAX_CODE_ATTEMPTS,
  MFA_MESSAGES,
  normaliseOneTimeCode,
  type MfaEnrolledLogin,
  type MfaEnrolment,
} from '@recovery-portal/contract/mfa';
import type { StaffRole } from '@recovery-portal/contract/users';
import type { Database } from '#app/db/client';
import { AppError } from '#app/lib/app-error';
import { sha256 } from '#app/lib/secure-random';
import type { CallerContext } from '#app/core/caller';
import { findUserById, type UserRow } from '#app/core/staff-accounts/staff-accounts.repository';
import type { StaffSignIn } from '#app/core/sign-in/staff-sign-in';
import type { MfaAttempts } from './mfa-attempts';
import type { MfaCredentials } from './mfa-credentials';
import * as repo from './mfa.repository';

type StaffRow = UserRow & { role: StaffRole };

/** The second sign-in step after a correct password: a code, or the setup an administrator requires. */
export function createMfaSignInService(deps: {
  db: Database;
  credentials: MfaCredentials;
  attempts: MfaAttempts;
  signIn: Pick<StaffSignIn, 'complete'>;
}) {
  const { db, credentials, attempts, signIn } = deps;
  const challengeExpired = () => new AppError('UNAUTHENTICATED', MFA_MESSAGES.challengeExpired);

  /** The live challenge of the token and its account, which must still be able to sign in. */
  async function openChallenge(token: string, purpose: 'VERIFY' | 'ENROL') {
    const challenge = await repo.findLiveChallenge(db, sha256(token));
    if (!challenge) throw challengeExpired();
    if (challenge.purpose !== purpose) {
      throw new AppError('UNAUTHENTICATED', MFA_MESSAGES.notEnrolChallenge);
    }
    const user = await findUserById(db, challenge.userId);
    if (!user || user.role === 'PARTICIPANT' || user.status !== 'ACTIVATED') {
      await repo.consumeChallenge(db, challenge.id);
      throw challengeExpired();
    }
    return { challenge, user: { ...user, role: user.role } satisfies StaffRow };
  }

  return {
    /** The second sign-in step: a current TOTP code, or a recovery code, which is used up. */
    async verifyChallenge(
      token: string,
      code: string,
      caller: CallerContext,
    ): Promise<LoginResponse> {
      const { challenge, user } = await openChallenge(token, 'VERIFY');
      await attempts.refuseWhenThrottled(user, caller);
      const normalised = normaliseOneTimeCode(code);
      const method = isTotpCode(normalised) ? 'totp' : 'recovery code';
      const accepted =
        method === 'totp'
          ? (await credentials.acceptTotp(user.id, normalised)) !== null
          : await credentials.useRecoveryCode(user.id, normalised);
      if (!accepted) {
        await repo.recordChallengeFailure(db, challenge.id, MFA_MAX_CODE_ATTEMPTS);
        await attempts.countFailure(user, caller, { step: 'sign-in', with: method });
        throw new AppError('UNAUTHENTICATED', MFA_MESSAGES.codeInvalid);
      }
      if (!(await repo.consumeChallenge(db, challenge.id))) throw challengeExpired();
      if (method === 'recovery code') {
        await attempts.auditAs(user, caller, AUDIT_ACTIONS.mfaRecoveryCodeUsed, {
          recovery_codes_left: await repo.countUnusedRecoveryCodes(db, user.id),
        });
      }
      return signIn.complete(user, caller, { second_factor: method });
    },

    /** A required enrolment at sign-in: the secret for the app, under the ENROL challenge. */
    async startChallengeEnrolment(token: string, caller: CallerContext): Promise<MfaEnrolment> {
      const { user } = await openChallenge(token, 'ENROL');
      const enrolment = await credentials.pendingEnrolment(user);
      await attempts.auditAs(user, caller, AUDIT_ACTIONS.mfaEnrolStart, { during: 'sign-in' });
      return enrolment;
    },

    /** The first code turns two-step sign-in on and completes the sign-in it interrupted. */
    async confirmChallengeEnrolment(
      token: string,
      code: string,
      caller: CallerContext,
    ): Promise<MfaEnrolledLogin> {
      const { challenge, user } = await openChallenge(token, 'ENROL');
      await attempts.refuseWhenThrottled(user, caller);
      const codes = await credentials.enableWithCode(user.id, code);
      if (!codes) {
        await repo.recordChallengeFailure(db, challenge.id, MFA_MAX_CODE_ATTEMPTS);
        await attempts.countFailure(user, caller, { step: 'setup during sign-in', with: 'totp' });
        throw new AppError('UNAUTHENTICATED', MFA_MESSAGES.codeInvalid);
      }
      await repo.consumeChallenge(db, challenge.id);
      await attempts.auditAs(user, caller, AUDIT_ACTIONS.mfaEnrol, { during: 'sign-in' });
      const session = await signIn.complete(user, caller, { second_factor: 'enrolled' });
      return { ...session, recovery_codes: codes };
    },
  };
}
