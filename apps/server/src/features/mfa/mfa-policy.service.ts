import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { MFA_MESSAGES, type MfaPolicy } from '@recovery-portal/contract/mfa';
import type { Database } from '#app/db/client';
import { conflict, notFound } from '#app/lib/app-error';
import type { StaffPrincipal } from '#app/plugins/auth';
import type { AuditValues } from '#app/core/audit/record-audit';
import type { AuditFn } from '#app/core/audit/request-audit';
import { findUserById } from '#app/core/staff-accounts/staff-accounts.repository';
import * as repo from './mfa.repository';
import {
  isMfaEnabled,
  isRequiredForStaff,
  setRequiredForStaff,
} from '#app/core/sign-in/sign-in.repository';

/** Administrators: whether all staff must use two-step sign-in, who has it, and resets. */
export function createMfaPolicyService(deps: { db: Database }) {
  const { db } = deps;

  return {
    /**
     * The requirement, and which staff have set it up, read by the statement that writes the
     * call's audit row (with how many have).
     */
    policy(audit: AuditValues): Promise<MfaPolicy> {
      return repo.auditedPolicy(db, audit);
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
      if (required && !(await isMfaEnabled(db, staff.id))) {
        throw conflict(MFA_MESSAGES.requireSelfFirst);
      }
      const before = await isRequiredForStaff(db);
      await setRequiredForStaff(db, required);
      await audit({
        action: AUDIT_ACTIONS.mfaRequirementChange,
        details: { required_for_staff: required, was: before },
      });
      return repo.readPolicy(db);
    },

    /** Turns it off for a staff member (a lost phone); they may set it up again. */
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
