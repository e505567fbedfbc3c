import type { LoginResponse } from '@recovery-portal/contract/account';
import { AUDIT_ACTIONS, type AuditAction } from '@recovery-portal/contract/audit';
import { MESSAGES } from '@recovery-portal/contract/messages';
import {
  isTotpCode,
  MFA_CHALLENGE_TTL_MINUTES,
  MFA_MAX_CODE_ATTEMPTS,
  MFA_MESSAGES,
  normaliseOneTimeCode,
  TOTP_ISSUER,
  type MfaEnrolledLogin,
  type MfaEnrolment,
  type MfaPolicy,
  type MfaProof,
  type MfaStatus,
  type RecoveryCodes,
} from '@recovery-portal/contract/mfa';
import type { StaffRole } from '@recovery-portal/contract/users';
import type { Config } from '#app/config';
import type { Database } from '#app/db/client';
import { AppError, conflict, notFound } from '#app/lib/app-error';
import { sha256 } from '#app/lib/secure-random';
import type { StaffPrincipal } from '#app/plugins/auth';
import type { AuditFn } from '#app/core/audit/request-audit';
import { recordAudit } from '#app/core/audit/record-audit';
import { findUserById, recordLoginAttempt, type UserRow } from './account.repository';
import type { AccountService } from './account.service';
import type { CallerContext } from '#app/core/caller';
import { createLoginThrottle } from './login-throttle';
import type { MfaKeys } from './mfa-keys';
import * as repo from './mfa.repository';
import { verifyPassword } from './passwords';
import { newRecoveryCodes } from './recovery-codes';
import { matchTotp, newTotpSecret, qrCodeDataUrl, totpKeyUri } from './totp';

type StaffRow = UserRow & { role: StaffRole };

/** A pending setup is offered again, rather than replaced, while a sign-in could still use it. */
const PENDING_REUSE_MS = MFA_CHALLENGE_TTL_MINUTES * 60_000;

export function createMfaService(deps: {
  db: Database;
  config: Config;
  keys: MfaKeys;
  accounts: Pick<AccountService, 'completeLogin'>;
}) {
  const { db, config, keys, accounts } = deps;
  const throttle = createLoginThrottle(db, config);
  const challengeExpired = () => new AppError('UNAUTHENTICATED', MFA_MESSAGES.challengeExpired);

  /** An audit row for a public call, with the account the challenge belongs to as the actor. */
  async function auditAs(
    user: { id: number; email: string },
    caller: CallerContext,
    action: AuditAction,
    details?: Record<string, unknown>,
  ) {
    await recordAudit(db, {
      actorId: user.id,
      actorEmail: user.email,
      action,
      subjectType: 'user',
      subjectId: user.id,
      details: details ?? null,
      clientAddress: caller.clientAddress,
      requestId: caller.requestId,
    });
  }

  /**
   * Wrong codes count as failed sign-ins in the same table as wrong passwords, so the sign-in
   * throttle (per account and address, and per address, shared by every server process)
   * covers both.
   */
  async function refuseWhenThrottled(email: string, caller: CallerContext, userId: number) {
    await throttle.refuseWhenThrottled(email, caller.clientAddress, (details) =>
      auditAs({ id: userId, email }, caller, AUDIT_ACTIONS.loginThrottled, {
        step: 'two-step code',
        ...details,
      }),
    );
  }

  async function countFailure(
    user: { id: number; email: string },
    caller: CallerContext,
    details: Record<string, unknown>,
  ) {
    await recordLoginAttempt(db, {
      email: user.email,
      clientAddress: caller.clientAddress,
      succeeded: false,
    });
    await auditAs(user, caller, AUDIT_ACTIONS.mfaChallengeFailed, details);
  }

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

  /** The TOTP secret of an enrolment row, or null when it cannot be decrypted. */
  function secretOf(row: repo.StaffMfaRow): string | null {
    return keys.decryptSecret(row.userId, row.secretCiphertext);
  }

  /** The time step a current code of the active authenticator matches, once only, or null. */
  async function acceptTotp(userId: number, code: string): Promise<number | null> {
    const row = await repo.findStaffMfa(db, userId);
    const secret = row?.enabledAt ? secretOf(row) : null;
    if (!secret) return null;
    const step = matchTotp(secret, code, Date.now());
    if (step === null) return null;
    return (await repo.claimTimeStep(db, userId, step)) ? step : null;
  }

  /** Makes a pending secret (or offers the recent one again) and what the app needs of it. */
  async function pendingEnrolment(user: { id: number; email: string }): Promise<MfaEnrolment> {
    const existing = await repo.findStaffMfa(db, user.id);
    if (existing?.enabledAt) throw conflict(MFA_MESSAGES.alreadyEnabled);
    const recent =
      existing && Date.now() - existing.createdAt.getTime() < PENDING_REUSE_MS
        ? secretOf(existing)
        : null;
    const secret = recent ?? newTotpSecret();
    if (
      !recent &&
      !(await repo.storePendingSecret(db, user.id, keys.encryptSecret(user.id, secret)))
    ) {
      throw conflict(MFA_MESSAGES.alreadyEnabled);
    }
    const uri = totpKeyUri(secret, user.email);
    return {
      secret,
      otpauth_uri: uri,
      qr_code: await qrCodeDataUrl(uri),
      issuer: TOTP_ISSUER,
      account_name: user.email,
    };
  }

  /**
   * Confirms the pending secret with a code: turns two-step sign-in on and returns the new
   * recovery codes, or null for a wrong code.
   */
  async function enableWithCode(userId: number, code: string): Promise<string[] | null> {
    const pending = await repo.findStaffMfa(db, userId);
    if (!pending || pending.enabledAt) {
      throw conflict(pending ? MFA_MESSAGES.alreadyEnabled : MFA_MESSAGES.noPendingSetup);
    }
    const secret = secretOf(pending);
    const step = secret ? matchTotp(secret, normaliseOneTimeCode(code), Date.now()) : null;
    if (step === null) return null;
    const codes = newRecoveryCodes();
    const enabled = await db.transaction(async (tx) => {
      if (!(await repo.enableMfa(tx, userId, step))) return false;
      await repo.replaceRecoveryCodes(
        tx,
        userId,
        codes.map((value) => keys.hashRecoveryCode(userId, value)),
      );
      return true;
    });
    if (!enabled) throw conflict(MFA_MESSAGES.alreadyEnabled);
    return codes;
  }

  /**
   * Checks the proof for turning it off or replacing the codes. A wrong one counts against the
   * sign-in throttle like a wrong sign-in, so the proof cannot be guessed from a left-open screen.
   */
  async function requireProof(staff: StaffPrincipal, proof: MfaProof, caller: CallerContext) {
    const user = await findUserById(db, staff.id);
    if (!user) throw new AppError('UNAUTHENTICATED', MESSAGES.auth.unauthenticated);
    await refuseWhenThrottled(user.email, caller, user.id);
    const accepted = proof.password
      ? await verifyPassword(user.passwordHash, proof.password)
      : (await acceptTotp(user.id, normaliseOneTimeCode(proof.code ?? ''))) !== null;
    if (accepted) return;
    await countFailure(user, caller, {
      step: 'confirm account holder',
      with: proof.password ? 'password' : 'code',
    });
    throw new AppError('UNPROCESSABLE', MFA_MESSAGES.proofInvalid);
  }

  async function issueRecoveryCodes(userId: number): Promise<string[]> {
    const codes = newRecoveryCodes();
    await repo.replaceRecoveryCodes(
      db,
      userId,
      codes.map((value) => keys.hashRecoveryCode(userId, value)),
    );
    return codes;
  }

  async function policy(): Promise<MfaPolicy> {
    return {
      required_for_staff: await repo.isRequiredForStaff(db),
      staff: await repo.listStaffMfa(db),
    };
  }

  return {
    /** The second sign-in step: a current TOTP code, or a recovery code, which is used up. */
    async verifyChallenge(
      token: string,
      code: string,
      caller: CallerContext,
    ): Promise<LoginResponse> {
      const { challenge, user } = await openChallenge(token, 'VERIFY');
      await refuseWhenThrottled(user.email, caller, user.id);
      const normalised = normaliseOneTimeCode(code);
      const method = isTotpCode(normalised) ? 'totp' : 'recovery code';
      const accepted =
        method === 'totp'
          ? (await acceptTotp(user.id, normalised)) !== null
          : await repo.useRecoveryCode(db, user.id, keys.hashRecoveryCode(user.id, normalised));
      if (!accepted) {
        await repo.recordChallengeFailure(db, challenge.id, MFA_MAX_CODE_ATTEMPTS);
        await countFailure(user, caller, { step: 'sign-in', with: method });
        throw new AppError('UNAUTHENTICATED', MFA_MESSAGES.codeInvalid);
      }
      if (!(await repo.consumeChallenge(db, challenge.id))) throw challengeExpired();
      if (method === 'recovery code') {
        await auditAs(user, caller, AUDIT_ACTIONS.mfaRecoveryCodeUsed, {
          recovery_codes_left: await repo.countUnusedRecoveryCodes(db, user.id),
        });
      }
      return accounts.completeLogin(user, caller, { second_factor: method });
    },

    /** A required enrolment at sign-in: the secret for the app, under the ENROL challenge. */
    async startChallengeEnrolment(token: string, caller: CallerContext): Promise<MfaEnrolment> {
      const { user } = await openChallenge(token, 'ENROL');
      const enrolment = await pendingEnrolment(user);
      await auditAs(user, caller, AUDIT_ACTIONS.mfaEnrolStart, { during: 'sign-in' });
      return enrolment;
    },

    /** The first code turns two-step sign-in on and completes the sign-in it interrupted. */
    async confirmChallengeEnrolment(
      token: string,
      code: string,
      caller: CallerContext,
    ): Promise<MfaEnrolledLogin> {
      const { challenge, user } = await openChallenge(token, 'ENROL');
      await refuseWhenThrottled(user.email, caller, user.id);
      const codes = await enableWithCode(user.id, code);
      if (!codes) {
        await repo.recordChallengeFailure(db, challenge.id, MFA_MAX_CODE_ATTEMPTS);
        await countFailure(user, caller, { step: 'setup during sign-in', with: 'totp' });
        throw new AppError('UNAUTHENTICATED', MFA_MESSAGES.codeInvalid);
      }
      await repo.consumeChallenge(db, challenge.id);
      await auditAs(user, caller, AUDIT_ACTIONS.mfaEnrol, { during: 'sign-in' });
      const session = await accounts.completeLogin(user, caller, { second_factor: 'enrolled' });
      return { ...session, recovery_codes: codes };
    },

    /** The signed-in staff member's own settings. */
    async status(staff: StaffPrincipal, audit: AuditFn): Promise<MfaStatus> {
      const row = await repo.findStaffMfa(db, staff.id);
      const enabled = !!row?.enabledAt;
      await audit({
        action: AUDIT_ACTIONS.mfaStatusView,
        subjectType: 'user',
        subjectId: staff.id,
      });
      return {
        enabled,
        enabled_at: row?.enabledAt?.toISOString() ?? null,
        recovery_codes_left: enabled ? await repo.countUnusedRecoveryCodes(db, staff.id) : 0,
        required_for_staff: await repo.isRequiredForStaff(db),
      };
    },

    async startSetup(staff: StaffPrincipal, audit: AuditFn): Promise<MfaEnrolment> {
      const enrolment = await pendingEnrolment(staff);
      await audit({
        action: AUDIT_ACTIONS.mfaEnrolStart,
        subjectType: 'user',
        subjectId: staff.id,
      });
      return enrolment;
    },

    async confirmSetup(
      staff: StaffPrincipal,
      code: string,
      caller: CallerContext,
      audit: AuditFn,
    ): Promise<RecoveryCodes> {
      await refuseWhenThrottled(staff.email, caller, staff.id);
      const codes = await enableWithCode(staff.id, code);
      if (!codes) {
        await countFailure(staff, caller, { step: 'setup', with: 'totp' });
        throw new AppError('UNPROCESSABLE', MFA_MESSAGES.codeInvalid);
      }
      await audit({ action: AUDIT_ACTIONS.mfaEnrol, subjectType: 'user', subjectId: staff.id });
      return { recovery_codes: codes };
    },

    async disable(
      staff: StaffPrincipal,
      proof: MfaProof,
      caller: CallerContext,
      audit: AuditFn,
    ): Promise<void> {
      if (await repo.isRequiredForStaff(db)) throw conflict(MFA_MESSAGES.requiredCannotDisable);
      if (!(await repo.isMfaEnabled(db, staff.id))) throw conflict(MFA_MESSAGES.notEnabled);
      await requireProof(staff, proof, caller);
      await repo.deleteMfa(db, staff.id);
      await audit({
        action: AUDIT_ACTIONS.mfaDisable,
        subjectType: 'user',
        subjectId: staff.id,
        details: { confirmed_with: proof.password ? 'password' : 'code' },
      });
    },

    async regenerateRecoveryCodes(
      staff: StaffPrincipal,
      proof: MfaProof,
      caller: CallerContext,
      audit: AuditFn,
    ): Promise<RecoveryCodes> {
      if (!(await repo.isMfaEnabled(db, staff.id))) throw conflict(MFA_MESSAGES.notEnabled);
      await requireProof(staff, proof, caller);
      const codes = await issueRecoveryCodes(staff.id);
      await audit({
        action: AUDIT_ACTIONS.mfaRecoveryCodesRegenerate,
        subjectType: 'user',
        subjectId: staff.id,
      });
      return { recovery_codes: codes };
    },

    /** Administrators: the requirement, and which staff have set it up. */
    async policy(audit: AuditFn): Promise<MfaPolicy> {
      const current = await policy();
      await audit({
        action: AUDIT_ACTIONS.mfaPolicyView,
        details: { enrolled: current.staff.filter((member) => member.mfa_enabled).length },
      });
      return current;
    },

    /**
     * Requires (or stops requiring) two-step sign-in for all staff. Staff without it set it up at
     * their next sign-in. An administrator must have it on first, as GitHub asks of an
     * organisation owner, so that the one who requires it knows the setup they ask of others.
     */
    async setRequired(
      staff: StaffPrincipal,
      required: boolean,
      audit: AuditFn,
    ): Promise<MfaPolicy> {
      if (required && !(await repo.isMfaEnabled(db, staff.id))) {
        throw conflict(MFA_MESSAGES.requireSelfFirst);
      }
      const before = await repo.isRequiredForStaff(db);
      await repo.setRequiredForStaff(db, required);
      await audit({
        action: AUDIT_ACTIONS.mfaRequirementChange,
        details: { required_for_staff: required, was: before },
      });
      return policy();
    },

    /** Administrators: turns it off for a staff member (a lost phone); they may set it up again. */
    async resetStaff(userId: number, audit: AuditFn): Promise<void> {
      const user = await findUserById(db, userId);
      if (!user || user.role === 'PARTICIPANT') throw notFound(MFA_MESSAGES.staffNotFound);
      const removed = await repo.deleteMfa(db, userId);
      await audit({
        action: AUDIT_ACTIONS.mfaReset,
        subjectType: 'user',
        subjectId: userId,
        details: { had_two_step_sign_in: removed },
      });
    },
  };
}
export type MfaService = ReturnType<typeof createMfaService>;
