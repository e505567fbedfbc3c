import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import {
  clinicianListSchema,
  clinicianSchema,
  clinicianStatusRequestSchema,
  createClinicianRequestSchema,
} from '@recovery-portal/contract/clinicians';
import { successEnvelope } from '@recovery-portal/contract/envelope';
import { API_PATHS } from '@recovery-portal/contract/paths';
import {
  participantProfileSchema,
  updateUserRequestSchema,
} from '@recovery-portal/contract/profile';
import { ok } from '#app/lib/envelope';
import { errorResponses } from '#app/lib/route-errors';
import { currentStaff } from '#app/plugins/auth';
import { auditedWithin, auditOf } from '#app/core/audit/request-audit';
import { createClinicianService, type ClinicianServiceDeps } from './clinicians.service';

/** Clinician management for administrators (spec §2 'Clinicians screen'). */
export function registerClinicianRoutes(app: FastifyInstance, deps: ClinicianServiceDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const clinicians = createClinicianService(deps);
  const access = ['ADMINISTRATOR'] as const;
  const tags = ['clinicians'];

  routes.get(
    API_PATHS.user.listClinicians,
    {
      config: { access, audit: AUDIT_ACTIONS.clinicianList },
      schema: {
        tags,
        summary: 'Every clinician, by name',
        response: { 200: successEnvelope(clinicianListSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => ok(await auditedWithin(request, {}, (audit) => clinicians.list(audit))),
  );

  routes.post(
    API_PATHS.user.createClinician,
    {
      config: { access, audit: AUDIT_ACTIONS.clinicianCreate },
      schema: {
        tags,
        summary: 'Add a clinician and email them a link to set their password',
        body: createClinicianRequestSchema,
        response: {
          200: successEnvelope(clinicianSchema),
          ...errorResponses(400, 401, 403, 409),
        },
      },
    },
    async (request) => ok(await clinicians.create(request.body, auditOf(deps.db, request))),
  );

  // Shared by both roles: administrators edit a clinician's name, clinicians a participant's
  // details; the service dispatches on the caller's role and the role of the user the id names.
  routes.patch(
    API_PATHS.user.update,
    {
      config: {
        access: ['ADMINISTRATOR', 'CLINICIAN'],
        audit: [AUDIT_ACTIONS.clinicianUpdate, AUDIT_ACTIONS.participantUpdate],
      },
      schema: {
        tags,
        summary:
          "Administrators: change a clinician's name (email and Reg Id cannot change). Clinicians: edit a participant's name, email, record number, phone, gender, birth date, height or group (409 when the email or record number is someone else's)",
        body: updateUserRequestSchema,
        response: {
          200: successEnvelope(z.union([clinicianSchema, participantProfileSchema])),
          ...errorResponses(400, 401, 403, 404, 409, 422),
        },
      },
    },
    async (request) =>
      ok(
        await clinicians.updateUser(
          request.body,
          currentStaff(request).role,
          auditOf(deps.db, request),
        ),
      ),
  );

  routes.patch(
    API_PATHS.user.clinicianStatus,
    {
      config: {
        access,
        audit: [AUDIT_ACTIONS.clinicianDeactivate, AUDIT_ACTIONS.clinicianReactivate],
      },
      schema: {
        tags,
        summary: 'Deactivate (SUSPENDED) or reactivate (ACTIVATED) a clinician',
        body: clinicianStatusRequestSchema,
        response: {
          200: successEnvelope(clinicianSchema),
          ...errorResponses(400, 401, 403, 404, 422),
        },
      },
    },
    async (request) =>
      ok(
        await clinicians.setStatus(
          request.body,
          currentStaff(request).id,
          auditOf(deps.db, request),
        ),
      ),
  );
}
