import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUDIT_ACTIONS, TREND_SERIES_VIEW_ACTIONS } from '@recovery-portal/contract/audit';
import { successEnvelope } from '@recovery-portal/contract/envelope';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { participantPathSchema } from '@recovery-portal/contract/profile';
import {
  activityTrendSchema,
  trendRequestSchema,
  TREND_SERIES_PATHS,
  trendResponseSchema,
  userTrendQuerySchema,
  userTrendSchema,
  type TrendSeriesKind,
} from '@recovery-portal/contract/trends';
import type { Database } from '#app/db/client';
import { ok } from '#app/lib/envelope';
import { errorResponses } from '#app/lib/route-errors';
import type { AuditValues } from '#app/core/audit/record-audit';
import { auditedParticipantRead } from '#app/core/audit/participant-read';
import { todayUtc } from '#app/core/days';
import { createTrendService, type TrendDates } from './trends.service';

/** Trend series of the telemetry detail view (spec §7 'Simulation and trend'): clinicians only. */
export function registerTrendRoutes(app: FastifyInstance, db: Database) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const trends = createTrendService(db);
  const config = { access: ['CLINICIAN'] } as const;
  const tags = ['participant details'];
  const failures = errorResponses(400, 401, 403, 404);
  /**
   * Reads a participant's trend as of date_string (else an enrolled Demo participant's
   * simulation run date, else today) in one statement that also audits the view.
   */
  function viewTrend<T>(
    request: FastifyRequest,
    target: { user_id: number; date_string?: string | undefined },
    read: (id: number, dates: TrendDates, audit: AuditValues) => Promise<T>,
  ) {
    const id = target.user_id;
    const dates = { dateString: target.date_string ?? null, today: todayUtc() };
    return auditedParticipantRead(request, id, (audit) => read(id, dates, audit)).then(ok);
  }

  for (const [kind, url] of Object.entries(TREND_SERIES_PATHS) as [TrendSeriesKind, string][]) {
    routes.post(
      url,
      {
        config: { ...config, audit: TREND_SERIES_VIEW_ACTIONS[kind], readOnly: true },
        schema: {
          tags,
          summary: `Daily ${kind} over the 30 days up to date_string, with its insight`,
          body: trendRequestSchema,
          response: { 200: successEnvelope(trendResponseSchema), ...failures },
        },
      },
      async (request) =>
        viewTrend(request, request.body, (id, dates, audit) =>
          trends.series(id, kind, dates, audit),
        ),
    );
  }

  routes.post(
    API_PATHS.trend.activity,
    {
      config: { ...config, audit: AUDIT_ACTIONS.participantActivityTrendView, readOnly: true },
      schema: {
        tags,
        summary:
          'Daily steps, active time, calories out and distance over the 30 days up to date_string',
        body: trendRequestSchema,
        response: { 200: successEnvelope(activityTrendSchema), ...failures },
      },
    },
    async (request) =>
      viewTrend(request, request.body, (id, dates, audit) => trends.activity(id, dates, audit)),
  );

  routes.get(
    API_PATHS.user.trend(':id'),
    {
      config: { ...config, audit: AUDIT_ACTIONS.participantTrendView },
      schema: {
        tags,
        summary:
          'Weekly averages of every home telemetry metric over the 12 weeks up to date_string',
        params: participantPathSchema,
        querystring: userTrendQuerySchema,
        response: { 200: successEnvelope(userTrendSchema), ...failures },
      },
    },
    async (request) =>
      viewTrend(
        request,
        { user_id: request.params.id, date_string: request.query.date_string },
        (id, dates, audit) => trends.userTrend(id, dates, audit),
      ),
  );
}
