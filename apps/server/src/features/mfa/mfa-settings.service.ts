import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { MESSAGES } from '@recovery-portal/contract/messages';
import {
  MFA_MESSAGES,
  normaliseOneTimeCode,
  type MfaEnrolment,
  type MfaProof,
  type MfaStatus,
  type RecoveryCodes,
} from '@recovery-portal/contract/mfa';
import type { Database } from '#app/db/client';
import { AppError, conflict } from '#app/lib/app-error';
import type { StaffPrincipal } from '#app/plugins/auth';
import type { AuditValues } from '#app/core/audit/record-audit';
import type { AuditFn } from '#app/core/audit/request-audit';
import type { CallerContext } from '#app/core/caller';
import { findUserById } from '#app/core/staff-accounts/staff-accounts.repository';
import type { MfaAttempts } from './mfa-attempts';
import type { MfaCredentials } from './mfa-credentials';
import * as repo from './mfa.repository';
import { isMfaEnabled, isRequiredForStaff } from '#app/core/sign-in/sign-in.repository';
import { verifyPassword } from '#app/core/staff-accounts/passwords';

/** The signed-in staff member's own two-step sign-in: its state, setup, codes and turning it off. */
export function createMfaSettingsService(deps: {
  db: Database;
  credentials: MfaCredentials;
  attempts: MfaAttempts;
}) {
  const { db, credentials, attempts } = deps;

  /**
   * Checks the proof for turning it off or replacing the codes. A wrong one counts against the
   * sign-in throttle like a wrong sign-in, so the proof cannot be guessed from a left-open screen.
   */
  async function requireProof(staff: StaffPrincipal, proof: MfaProof, caller: CallerContext) {
    const user = await findUserById(db, staff.id);
    if (!user) throw new AppError('UNAUTHENTICATED', MESSAGES.auth.unauthenticated);
    await attempts.refuseWhenThrottled(user, caller);
    const accepted = proof.password
      ? await verifyPassword(user.passwordHash, proof.password)
      : (await credentials.acceptTotp(user.id, normaliseOneTimeCode(proof.code ?? ''))) !== null;
    if (accepted) return;
    await attempts.countFailure(user, caller, {
      step: 'confirm account holder',
      with: proof.password ? 'password' : 'code',
    });
    throw new AppError('UNPROCESSABLE', MFA_MESSAGES.proofInvalid);
  }

  return {
    /** Its state, read by the statement that writes the call's audit row. */
    async status(staff: StaffPrincipal, audit: AuditValues): Promise<MfaStatus> {
      const row = await repo.auditedStaffMfaStatus(db, staff.id, audit);
      const enabled = row.enabledAt !== null;
      return {
        enabled,
        enabled_at: row.enabledAt?.toISOString() ?? null,
        recovery_codes_left: enabled ? row.unusedRecoveryCodes : 0,
        required_for_staff: row.requiredForStaff,
      };
    },

    async startSetup(staff: StaffPrincipal, audit: AuditFn): Promise<MfaEnrolment> {
      const enrolment = await credentials.pendingEnrolment(staff);
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
      await attempts.refuseWhenThrottled(staff, caller);
      const codes = await credentials.enableWithCode(staff.id, code);
      if (!codes) {
        await attempts.countFailure(staff, caller, { step: 'setup', with: 'totp' });
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
      if (await isRequiredForStaff(db)) throw conflict(MFA_MESSAGES.requiredCannotDisable);
      if (!(await isMfaEnabled(db, staff.id))) throw conflict(MFA_MESSAGES.notEnabled);
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
      if (!(await isMfaEnabled(db, staff.id))) throw conflict(MFA_MESSAGES.notEnabled);
      await requireProof(staff, proof, caller);
      const codes = await credentials.issueRecoveryCodes(staff.id);
      await audit({
        action: AUDIT_ACTIONS.mfaRecoveryCodesRegenerate,
        subjectType: 'user',
        subjectId: staff.id,
      });
      return { recovery_codes: codes };
    },
  };
}
