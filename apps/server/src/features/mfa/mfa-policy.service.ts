import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { MFA_MESSAGES, type MfaPolicy } from '@recovery-portal/contract/mfa';
import type { Database } from '#app/db/client';
import { conflict, notFound } from '#app/lib/app-error';
import type { StaffPrincipal } from '#app/plugins/auth';
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

  async function currentPolicy(): Promise<MfaPolicy> {
    return {
      required_for_staff: await isRequiredForStaff(db),
      staff: await repo.listStaffMfa(db),
    };
  }

  return {
    /** The requirement, and which staff have set it up. */
    async policy(audit: AuditFn): Promise<MfaPolicy> {
      const current = await currentPolicy();
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
      if (required && !(await isMfaEnabled(db, staff.id))) {
        throw conflict(MFA_MESSAGES.requireSelfFirst);
      }
      const before = await isRequiredForStaff(db);
      await setRequiredForStaff(db, required);
      await audit({
        action: AUDIT_ACTIONS.mfaRequirementChange,
        details: { required_for_staff: required, was: before },
      });
      return currentPolicy();
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
