import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import {
  CLINICIAN_MESSAGES,
  splitPersonName,
  updateClinicianRequestSchema,
  type Clinician,
  type ClinicianStatusRequest,
  type CreateClinicianRequest,
} from '@recovery-portal/contract/clinicians';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { PARTICIPANT_ERRORS } from '@recovery-portal/contract/participants';
import type {
  ParticipantProfile,
  UpdateParticipantRequest,
  UpdateUserRequest,
} from '@recovery-portal/contract/profile';
import type { StaffRole } from '@recovery-portal/contract/users';
import type { Database } from '#app/db/client';
import { AppError, conflict, notFound } from '#app/lib/app-error';
import { revokeAllUserTokens } from '#app/core/auth/sessions';
import type { AuditValues } from '#app/core/audit/record-audit';
import type { AuditFn } from '#app/core/audit/request-audit';
import { emailInUse } from '#app/core/email-in-use';
import * as repo from './clinicians.repository';
import { violatedUniqueIndex } from '#app/db/errors';

/** What the clinicians' screens need of other features; app.ts hands them in. */
export interface ClinicianServiceDeps {
  db: Database;
  /** Sends the welcome mail: the set-password link, or the single sign-on to use (account). */
  welcomeClinician(clinician: { id: number; email: string }): Promise<void>;
  /** Edits a participant; each field that changed comes with its value before and after (profile). */
  updateParticipant(input: UpdateParticipantRequest): Promise<{
    profile: ParticipantProfile;
    changes: Record<string, { before: string | number | null; after: string | number | null }>;
  }>;
}

export function createClinicianService(deps: ClinicianServiceDeps) {
  const { db } = deps;
  return {
    /**
     * Every clinician for the admin home, by name, read by the statement that writes the call's
     * audit row (with how many it read).
     */
    list(audit: AuditValues): Promise<Clinician[]> {
      return repo.auditedClinicians(db, audit);
    },

    /**
     * Creates a clinician pending activation (no password) and emails them a link to set one
     * (or, with OIDC_ONLY, where to sign in through the provider). The account, its code, the
     * email (in the outbox) and the audit row are one transaction: if any of them fails, none
     * is stored and the administrator can retry.
     * A duplicate email or Reg Id is a CONFLICT naming which.
     */
    async create(input: CreateClinicianRequest, audit: AuditFn): Promise<Clinician> {
      const email = input.email.toLowerCase();
      if (await emailInUse(db, email)) throw conflict(CLINICIAN_MESSAGES.duplicateEmail);
      if (await repo.regIdTaken(db, input.dea_reg_id))
        throw conflict(CLINICIAN_MESSAGES.duplicateRegId);
      const { first_name, last_name } = splitPersonName(input.name);
      try {
        // Every query below goes through `db`, so all of it joins this transaction.
        return await db.transaction(async (tx) => {
          const clinician = await repo.insertPendingClinician(tx, {
            email,
            firstName: first_name,
            lastName: last_name,
            regId: input.dea_reg_id,
          });
          await deps.welcomeClinician(clinician);
          await audit({
            action: AUDIT_ACTIONS.clinicianCreate,
            subjectType: 'user',
            subjectId: clinician.id,
            details: { email: clinician.email, dea_reg_id: clinician.dea_reg_id },
          });
          return clinician;
        });
      } catch (error) {
        // Two administrators adding the same person at once: the unique indexes decide.
        const index = violatedUniqueIndex(error);
        if (index === null) throw error;
        throw conflict(
          index.includes('dea_reg_id')
            ? CLINICIAN_MESSAGES.duplicateRegId
            : CLINICIAN_MESSAGES.duplicateEmail,
        );
      }
    },

    /**
     * PATCH /api/user/update: edits the user the id names, by the caller's role. Administrators
     * edit a clinician's name (any other id is a 404); clinicians edit a participant's details
     * (a staff member's id is refused with 403, an unknown id is a 404).
     */
    async updateUser(
      body: UpdateUserRequest,
      callerRole: StaffRole,
      audit: AuditFn,
    ): Promise<Clinician | ParticipantProfile> {
      const target = await repo.findUserKind(db, body.id);
      if (callerRole === 'CLINICIAN') {
        if (!target) throw notFound(PARTICIPANT_ERRORS.notFound(body.id));
        if (target.role !== 'PARTICIPANT') throw new AppError('FORBIDDEN', MESSAGES.auth.forbidden);
        const { profile, changes } = await deps.updateParticipant(body);
        await audit({
          action: AUDIT_ACTIONS.participantUpdate,
          subjectType: 'participant',
          subjectId: profile.id,
          details: { changed: Object.keys(changes), changes },
        });
        return profile;
      }
      const parsed = updateClinicianRequestSchema.safeParse(body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = issue?.path.join('.') || 'body';
        const message = issue?.message ?? 'The request is invalid';
        throw new AppError('VALIDATION_ERROR', `${message} (${field}).`, [{ field, message }]);
      }
      const input = parsed.data;
      switch (target?.role) {
        case 'CLINICIAN': {
          const { first_name, last_name } = splitPersonName(input.name);
          const updated = await repo.updateClinicianName(db, input.id, {
            firstName: first_name,
            lastName: last_name,
          });
          if (!updated) throw notFound(CLINICIAN_MESSAGES.notFound);
          await audit({
            action: AUDIT_ACTIONS.clinicianUpdate,
            subjectType: 'user',
            subjectId: updated.id,
            details: { first_name, last_name },
          });
          return updated;
        }
        // Participants are edited by clinicians; administrators are not managed here.
        case 'PARTICIPANT':
        case 'ADMINISTRATOR':
        case undefined:
          throw notFound(CLINICIAN_MESSAGES.notFound);
      }
    },

    /**
     * Deactivates (SUSPENDED) or reactivates a clinician. Deactivation ends their sessions at
     * once: the access check re-reads the status per request and their refresh tokens are
     * revoked. A clinician who never set a password goes back to pending activation.
     */
    async setStatus(
      input: ClinicianStatusRequest,
      callerId: number,
      audit: AuditFn,
    ): Promise<Clinician> {
      if (input.status === 'SUSPENDED' && input.id === callerId) {
        throw new AppError('UNPROCESSABLE', CLINICIAN_MESSAGES.cannotDeactivateSelf);
      }
      const target = await repo.findUserKind(db, input.id);
      const current =
        target?.role === 'CLINICIAN' ? await repo.findClinician(db, input.id) : undefined;
      if (!target || !current) throw notFound(CLINICIAN_MESSAGES.notFound);
      let next = current.status;
      if (input.status === 'SUSPENDED') next = 'SUSPENDED';
      else if (current.status === 'SUSPENDED')
        next = target.hasPassword ? 'ACTIVATED' : 'PENDING_ACTIVATION';
      const updated =
        next === current.status ? current : await repo.setClinicianStatus(db, input.id, next);
      if (!updated) throw notFound(CLINICIAN_MESSAGES.notFound);
      if (next === 'SUSPENDED') await revokeAllUserTokens(db, input.id);
      await audit({
        action: input.status === 'SUSPENDED' ? 'clinician.deactivate' : 'clinician.reactivate',
        subjectType: 'user',
        subjectId: updated.id,
        details: { from: current.status, to: updated.status },
      });
      return updated;
    },
  };
}
