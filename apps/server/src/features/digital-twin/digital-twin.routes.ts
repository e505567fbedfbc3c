import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import {
  DIGITAL_TWIN_MESSAGES,
  digitalTwinSchema,
  markerListSchema,
  markerSegmentLiveSchema,
  markerSegmentQuerySchema,
} from '@recovery-portal/contract/digital-twin';
import { successEnvelope } from '@recovery-portal/contract/envelope';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { participantPathSchema } from '@recovery-portal/contract/profile';
import type { Database } from '#app/db/client';
import { notFound } from '#app/lib/app-error';
import { ok } from '#app/lib/envelope';
import { errorResponses } from '#app/lib/route-errors';
import { auditedParticipantRead } from '#app/core/audit/participant-read';
import { todayUtc } from '#app/core/days';
import { auditedDigitalTwin, auditedMarkersOn, auditedSegmentsOn } from './digital-twin.repository';

/** The Digital Twin dialog (spec §2): the twin JSON, marker memberships and segments of a day. */
export function registerDigitalTwinRoutes(app: FastifyInstance, db: Database) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: ['CLINICIAN'] } as const;
  const tags = ['participant details'];
  const failures = errorResponses(400, 401, 403, 404);

  routes.get(
    API_PATHS.chat.digitalTwin(':id'),
    {
      config: { ...config, audit: AUDIT_ACTIONS.participantDigitalTwinView },
      schema: {
        tags,
        summary: "The participant's digital twin (a JSON object); 404 when none has been built",
        params: participantPathSchema,
        response: { 200: successEnvelope(digitalTwinSchema), ...failures },
      },
    },
    async (request) => {
      const { id } = request.params;
      const twin = await auditedParticipantRead(request, id, async (audit) => {
        const data = await auditedDigitalTwin(db, id, audit);
        if (!data) throw notFound(DIGITAL_TWIN_MESSAGES.notFound);
        return data;
      });
      return ok(twin);
    },
  );

  routes.get(
    API_PATHS.user.markerSegmentLive,
    {
      config: { ...config, audit: AUDIT_ACTIONS.participantSegmentsView },
      schema: {
        tags,
        summary:
          'Segments and marker memberships of the participant on date_string (default today)',
        querystring: markerSegmentQuerySchema,
        response: { 200: successEnvelope(markerSegmentLiveSchema), ...failures },
      },
    },
    async (request) => {
      const { user_id } = request.query;
      const date = request.query.date_string ?? todayUtc();
      const read = await auditedParticipantRead(
        request,
        user_id,
        (audit) => auditedSegmentsOn(db, user_id, date, audit),
        { date_string: date },
      );
      return ok({ date, ...read });
    },
  );

  routes.get(
    API_PATHS.user.markers,
    {
      config: { ...config, audit: AUDIT_ACTIONS.participantMarkersView },
      schema: {
        tags,
        summary: 'Marker memberships of the participant on date_string (default today)',
        querystring: markerSegmentQuerySchema,
        response: { 200: successEnvelope(markerListSchema), ...failures },
      },
    },
    async (request) => {
      const { user_id } = request.query;
      const date = request.query.date_string ?? todayUtc();
      const markers = await auditedParticipantRead(
        request,
        user_id,
        (audit) => auditedMarkersOn(db, user_id, date, audit),
        { date_string: date },
      );
      return ok({ date, markers });
    },
  );
}
