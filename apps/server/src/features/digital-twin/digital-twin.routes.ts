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
import { auditRequest } from '#app/core/audit/request-audit';
import { auditedParticipantRead } from '#app/core/audit/participant-read';
import { requireParticipant } from '#app/core/participant-lookup';
import { todayUtc } from '#app/core/days';
import { auditedDigitalTwin, markersOn, segmentsOn } from './digital-twin.repository';

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
      const { id } = await requireParticipant(db, request.query.user_id);
      const date = request.query.date_string ?? todayUtc();
      const [segments, markers] = await Promise.all([
        segmentsOn(db, id, date),
        markersOn(db, id, date),
      ]);
      await auditRequest(db, request, {
        subjectType: 'participant',
        subjectId: id,
        details: { date_string: date },
      });
      return ok({ date, segments, markers });
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
      const { id } = await requireParticipant(db, request.query.user_id);
      const date = request.query.date_string ?? todayUtc();
      const markers = await markersOn(db, id, date);
      await auditRequest(db, request, {
        subjectType: 'participant',
        subjectId: id,
        details: { date_string: date },
      });
      return ok({ date, markers });
    },
  );
}
