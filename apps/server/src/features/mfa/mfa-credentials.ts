import {
  MFA_CHALLENGE_TTL_MINUTES,
  MFA_MESSAGES,
  normaliseOneTimeCode,
  TOTP_ISSUER,
  type MfaEnrolment,
} from '@recovery-portal/contract/mfa';
import type { Database } from '#app/db/client';
import { conflict } from '#app/lib/app-error';
import type { MfaKeys } from './mfa-keys';
import * as repo from './mfa.repository';
import { newRecoveryCodes } from './recovery-codes';
import { matchTotp, newTotpSecret, qrCodeDataUrl, totpKeyUri } from './totp';

/** A pending setup is offered again, rather than replaced, while a sign-in could still use it. */
const PENDING_REUSE_MS = MFA_CHALLENGE_TTL_MINUTES * 60_000;

/** A staff member's authenticator secret and recovery codes: set up, checked, replaced. */
export type MfaCredentials = ReturnType<typeof createMfaCredentials>;

export function createMfaCredentials(deps: { db: Database; keys: MfaKeys }) {
  const { db, keys } = deps;

  /** The TOTP secret of an enrolment row, or null when it cannot be decrypted. */
  function secretOf(row: repo.StaffMfaRow): string | null {
    return keys.decryptSecret(row.userId, row.secretCiphertext);
  }

  function hashedCodes(userId: number, codes: readonly string[]): string[] {
    return codes.map((value) => keys.hashRecoveryCode(userId, value));
  }

  return {
    /** The time step a current code of the active authenticator matches, once only, or null. */
    async acceptTotp(userId: number, code: string): Promise<number | null> {
      const row = await repo.findStaffMfa(db, userId);
      const secret = row?.enabledAt ? secretOf(row) : null;
      if (!secret) return null;
      const step = matchTotp(secret, code, Date.now());
      if (step === null) return null;
      return (await repo.claimTimeStep(db, userId, step)) ? step : null;
    },

    /** Uses up one of the staff member's recovery codes; false when it is not one of them. */
    async useRecoveryCode(userId: number, code: string): Promise<boolean> {
      return repo.useRecoveryCode(db, userId, keys.hashRecoveryCode(userId, code));
    },

    /** Makes a pending secret (or offers the recent one again) and what the app needs of it. */
    async pendingEnrolment(user: { id: number; email: string }): Promise<MfaEnrolment> {
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
    },

    /**
     * Confirms the pending secret with a code: turns two-step sign-in on and returns the new
     * recovery codes, or null for a wrong code.
     */
    async enableWithCode(userId: number, code: string): Promise<string[] | null> {
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
        await repo.replaceRecoveryCodes(tx, userId, hashedCodes(userId, codes));
        return true;
      });
      if (!enabled) throw conflict(MFA_MESSAGES.alreadyEnabled);
      return codes;
    },

    /** New recovery codes in place of the old ones, returned once in clear. */
    async issueRecoveryCodes(userId: number): Promise<string[]> {
      const codes = newRecoveryCodes();
      await repo.replaceRecoveryCodes(db, userId, hashedCodes(userId, codes));
      return codes;
    },
  };
}
