import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { successEnvelope } from '@recovery-portal/contract/envelope';
import { API_PATHS } from '@recovery-portal/contract/paths';
import {
  enrollRequestSchema,
  enrollResponseSchema,
  simulationEnrolmentOrNullSchema,
  simulationProgramQuerySchema,
  simulationStateSchema,
} from '@recovery-portal/contract/simulation';
import type { Database } from '../../db/client';
import { ok } from '../../lib/envelope';
import { errorResponses } from '../../lib/route-errors';
import { currentStaff } from '../../plugins/auth';
import { auditRequest } from '../audit/request-audit';
import { createSimulationService } from './simulation.service';

/** The simulation programme (spec §7 'Simulation and trend'): clinicians only. */
export function registerSimulationRoutes(app: FastifyInstance, db: Database) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const simulation = createSimulationService(db);
  const config = { access: ['CLINICIAN'] } as const;
  const tags = ['simulation'];

  routes.get(
    API_PATHS.simulation.state,
    {
      config,
      schema: {
        tags,
        summary: "The simulation's current_run_date and the programmes it can run",
        response: { 200: successEnvelope(simulationStateSchema), ...errorResponses(401, 403) },
      },
    },
    async () => ok(await simulation.state()),
  );

  routes.get(
    API_PATHS.simulation.program,
    {
      config,
      schema: {
        tags,
        summary: "The participant's simulation enrolment, or null",
        querystring: simulationProgramQuerySchema,
        response: {
          200: successEnvelope(simulationEnrolmentOrNullSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const data = await simulation.enrolment(request.query.user_id);
      await auditRequest(db, request, {
        action: 'participant.simulation.view',
        subjectType: 'participant',
        subjectId: request.query.user_id,
      });
      return ok(data);
    },
  );

  routes.post(
    API_PATHS.simulation.enroll,
    {
      config,
      schema: {
        tags,
        summary:
          'Enrols a Demo participant and generates their programme data up to current_run_date',
        body: enrollRequestSchema,
        response: {
          200: successEnvelope(enrollResponseSchema),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const result = await simulation.enroll(request.body, currentStaff(request).id);
      await auditRequest(db, request, {
        action: 'participant.simulation.enroll',
        subjectType: 'participant',
        subjectId: request.body.user_id,
        details: { program_id: request.body.program_id, generated: result.generated },
      });
      return ok(result);
    },
  );
}
