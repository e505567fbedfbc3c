import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { successEnvelope } from '@recovery-portal/contract/envelope';
import { API_PATHS } from '@recovery-portal/contract/paths';
import {
  enrollRequestSchema,
  enrollResponseSchema,
  simulationEnrolmentOrNullSchema,
  simulationProgramQuerySchema,
  simulationStateSchema,
} from '@recovery-portal/contract/simulation';
import type { Database } from '#app/db/client';
import { ok } from '#app/lib/envelope';
import { errorResponses } from '#app/lib/route-errors';
import { currentStaff } from '#app/plugins/auth';
import { auditedWithin, auditRequest } from '#app/core/audit/request-audit';
import { auditedParticipantRead } from '#app/core/audit/participant-read';
import { createSimulationService } from './simulation.service';

export interface SimulationRouteDeps {
  db: Database;
  /**
   * Called once an enrolment has generated a participant's data (committed), with the run date's
   * end; a failure is logged and does not undo the enrolment.
   */
  onProgrammeGenerated?: (userId: number, runDateEnd: Date) => Promise<void>;
}

/** The simulation programme (spec §7 'Simulation and trend'): clinicians only. */
export function registerSimulationRoutes(app: FastifyInstance, deps: SimulationRouteDeps) {
  const { db } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const simulation = createSimulationService(db);
  const config = { access: ['CLINICIAN'] } as const;
  const tags = ['simulation'];

  routes.get(
    API_PATHS.simulation.state,
    {
      config: { ...config, audit: AUDIT_ACTIONS.simulationStateView },
      schema: {
        tags,
        summary: "The simulation's current_run_date and the programmes it can run",
        response: { 200: successEnvelope(simulationStateSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => ok(await auditedWithin(request, {}, (audit) => simulation.state(audit))),
  );

  routes.get(
    API_PATHS.simulation.program,
    {
      config: { ...config, audit: AUDIT_ACTIONS.participantSimulationView },
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
      const id = request.query.user_id;
      return ok(
        await auditedParticipantRead(request, id, (audit) => simulation.enrolment(id, audit)),
      );
    },
  );

  routes.post(
    API_PATHS.simulation.enroll,
    {
      config: { ...config, audit: AUDIT_ACTIONS.participantSimulationEnroll },
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
        subjectType: 'participant',
        subjectId: request.body.user_id,
        details: { program_id: request.body.program_id, generated: result.generated },
      });
      // The data runs to the end of the run date, or to now when the run date is today.
      const runDateEnd = Date.parse(`${result.enrolment.current_run_date}T00:00:00Z`) + 86_400_000;
      await deps
        .onProgrammeGenerated?.(request.body.user_id, new Date(Math.min(Date.now(), runDateEnd)))
        .catch((err: unknown) =>
          request.log.error({ err }, 'Processing the generated programme data failed'),
        );
      return ok(result);
    },
  );
}
