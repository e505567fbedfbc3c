import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { successEnvelope } from '@recovery-portal/contract/envelope';
import { outcomeTrendsQuerySchema, outcomeTrendsSchema } from '@recovery-portal/contract/outcomes';
import { API_PATHS } from '@recovery-portal/contract/paths';
import {
  programmeOutcomesFileName,
  programmeOutcomesQuerySchema,
  programmeOutcomesSchema,
  type ProgrammeOutcomesQuery,
} from '@recovery-portal/contract/programme-outcomes';
import type { Database } from '#app/db/client';
import { sendCsvDownload } from '#app/lib/csv-download';
import { ok } from '#app/lib/envelope';
import { errorResponses } from '#app/lib/route-errors';
import { fileResponse } from '#app/lib/route-responses';
import { currentStaff } from '#app/plugins/auth';
import { auditRequest } from '#app/core/audit/request-audit';
import { auditedParticipantRead } from '#app/core/audit/participant-read';
import { createOutcomeService } from './outcomes.service';
import { createProgrammeOutcomesService } from './programme-outcomes.service';
import { programmeOutcomesCsv, programmeOutcomesFhir } from './programme-outcomes-files';

const FHIR_JSON = 'application/fhir+json';

/** The filters that were set, for the audit row (no empties). */
function setFilters(query: ProgrammeOutcomesQuery): Record<string, string | boolean> {
  return Object.fromEntries(
    Object.entries(query).filter(
      (entry): entry is [string, string | boolean] => entry[1] !== '' && entry[1] !== false,
    ),
  );
}

/** Outcome trends on participant details and the programme outcomes view: clinicians only. */
export function registerOutcomeRoutes(app: FastifyInstance, db: Database) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const outcomes = createOutcomeService(db);
  const programme = createProgrammeOutcomesService(db);

  routes.get(
    API_PATHS.surgery.outcomeTrends,
    {
      config: { access: ['CLINICIAN'], audit: AUDIT_ACTIONS.participantOutcomesView },
      schema: {
        tags: ['participant details'],
        summary:
          "Published scores at PreOp … 12 Months against MCID, PASS and SCB, with the clinic's band of comparable patients and the participant's percentile",
        querystring: outcomeTrendsQuerySchema,
        response: {
          200: successEnvelope(outcomeTrendsSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const id = request.query.user_id;
      return ok(
        await auditedParticipantRead(request, id, (audit) => outcomes.auditedTrends(id, audit)),
      );
    },
  );

  /** The figures for the filters, audited under the route's action (the view or an export). */
  async function figuresFor(request: FastifyRequest, query: ProgrammeOutcomesQuery) {
    const figures = await programme.figures(query, currentStaff(request).id);
    await auditRequest(db, request, {
      subjectType: 'participant_list',
      details: { filters: setFilters(query) },
    });
    return figures;
  }

  routes.get(
    API_PATHS.outcomes.programme,
    {
      config: { access: ['CLINICIAN'], audit: AUDIT_ACTIONS.programmeOutcomesView },
      schema: {
        tags: ['outcomes'],
        summary:
          "The filtered cohort's published scores: median and quartiles per timepoint, shares reaching the MCID, PASS and SCB next to the published shares, completion, and who is not improving as expected",
        querystring: programmeOutcomesQuerySchema,
        response: {
          200: successEnvelope(programmeOutcomesSchema),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => ok(await figuresFor(request, request.query)),
  );

  /** A download of the figures: declared, audited and validated as the view is. */
  const exportOptions = (summary: string, mediaType: string, description: string) => ({
    config: { access: ['CLINICIAN' as const], audit: AUDIT_ACTIONS.programmeOutcomesExport },
    schema: {
      tags: ['outcomes'],
      summary,
      querystring: programmeOutcomesQuerySchema,
      produces: [mediaType],
      response: {
        200: fileResponse(mediaType, description),
        ...errorResponses(400, 401, 403),
      },
    },
  });

  routes.get(
    API_PATHS.outcomes.programmeCsv,
    exportOptions(
      'The programme outcomes as CSV, with the filters in its comment lines',
      'text/csv',
      'The programme outcomes as CSV text (UTF-8, RFC 4180)',
    ),
    async (request, reply) => {
      const now = new Date();
      const figures = await figuresFor(request, request.query);
      return sendCsvDownload(
        reply,
        (day) => programmeOutcomesFileName(day, 'csv'),
        Readable.from([programmeOutcomesCsv(figures, request.query, now)]),
      );
    },
  );

  routes.get(
    API_PATHS.outcomes.programmeFhir,
    exportOptions(
      'The programme outcomes as a FHIR R4 Bundle of one MeasureReport per score, with the filters in an extension',
      FHIR_JSON,
      'A FHIR R4 collection Bundle of MeasureReports',
    ),
    async (request, reply) => {
      const now = new Date();
      const figures = await figuresFor(request, request.query);
      return reply
        .type(`${FHIR_JSON}; charset=utf-8`)
        .header(
          'content-disposition',
          `attachment; filename="${programmeOutcomesFileName(now.toISOString().slice(0, 10), 'json')}"`,
        )
        .header('cache-control', 'no-store')
        .send(Buffer.from(JSON.stringify(programmeOutcomesFhir(figures, request.query, now))));
    },
  );
}
