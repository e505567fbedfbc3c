import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  clinicianListSchema,
  clinicianSchema,
  clinicianStatusRequestSchema,
  createClinicianRequestSchema,
  updateClinicianRequestSchema,
} from '@recovery-portal/contract/clinicians';
import { successEnvelope } from '@recovery-portal/contract/envelope';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { ok } from '../../lib/envelope';
import { errorResponses } from '../../lib/route-errors';
import { currentStaff } from '../../plugins/auth';
import { auditRequest } from '../audit/request-audit';
import {
  createClinicianService,
  type AuditFn,
  type ClinicianServiceDeps,
} from './clinicians.service';

/** Clinician management for administrators (spec §2 'Clinicians screen'). */
export function registerClinicianRoutes(app: FastifyInstance, deps: ClinicianServiceDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const clinicians = createClinicianService(deps);
  const config = { access: ['ADMINISTRATOR'] } as const;
  const tags = ['clinicians'];
  const auditOf =
    (request: Parameters<typeof auditRequest>[1]): AuditFn =>
    (entry) =>
      auditRequest(deps.db, request, entry);

  routes.get(
    API_PATHS.user.listClinicians,
    {
      config,
      schema: {
        tags,
        summary: 'Every clinician, by name',
        response: { 200: successEnvelope(clinicianListSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => ok(await clinicians.list(auditOf(request))),
  );

  routes.post(
    API_PATHS.user.createClinician,
    {
      config,
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
    async (request) => ok(await clinicians.create(request.body, auditOf(request))),
  );

  // The web edits a participant through this path too (a later issue): the service dispatches
  // on the role of the user the id names, and the route's access will widen then.
  routes.patch(
    API_PATHS.user.update,
    {
      config,
      schema: {
        tags,
        summary: "Change a clinician's name (email and Reg Id cannot change)",
        body: updateClinicianRequestSchema,
        response: {
          200: successEnvelope(clinicianSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ok(await clinicians.updateUser(request.body, auditOf(request))),
  );

  routes.patch(
    API_PATHS.user.clinicianStatus,
    {
      config,
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
      ok(await clinicians.setStatus(request.body, currentStaff(request).id, auditOf(request))),
  );
}
