import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import {
  FHIR_BASE_PATH,
  FHIR_EXPORT_RETRY_AFTER_SECONDS,
  FHIR_NDJSON_CONTENT_TYPE,
  type FhirExportLevel,
} from '@recovery-portal/contract/fhir';
import type { Database } from '#app/db/client';
import { listExportFiles } from './export.repository';
import type { ExportRequester, ExportService } from './export.service';
import { assertMayExport, auditFhir } from '#app/features/fhir/smart-auth/fhir-auth';
import { sendFhir } from '#app/features/fhir/fhir-error';
import {
  emptyResponse,
  exportFileParamsSchema,
  exportQuerySchema,
  fhirFailures,
  idParamsSchema,
  manifestResponse,
  ndjsonResponse,
  preferHeadersSchema,
} from '#app/features/fhir/fhir-schemas';
import type { ResourceDefinition } from '#app/features/fhir/resources/resource-types';

type Query = Record<string, string | string[] | undefined>;

function requesterOf(request: FastifyRequest): ExportRequester {
  return { staffId: request.staff?.id ?? null, clientId: request.fhirClient?.clientId ?? null };
}

function preferAsync(request: FastifyRequest): boolean {
  const prefer = request.headers.prefer;
  const values = Array.isArray(prefer) ? prefer : [prefer ?? ''];
  return values.some((value) => /(^|[,;\s])respond-async($|[,;\s])/i.test(value));
}

/**
 * Bulk Data $export (HL7 FHIR Bulk Data Access IG): kick-off at system, Patient and Group level
 * answers 202 with the status address; polling answers 202 with X-Progress and Retry-After,
 * then the manifest; the files are NDJSON; DELETE on the status address cancels.
 */
export function registerExportRoutes(
  fhir: FastifyInstance,
  deps: {
    db: Database;
    exports: ExportService;
    base: string;
  },
) {
  const { db, exports, base } = deps;
  const statusUrl = (id: string) => `${base}/bulk-status/${id}`;
  const routes = fhir.withTypeProvider<ZodTypeProvider>();
  const tags = ['fhir'];

  async function kickOff(
    request: FastifyRequest,
    reply: FastifyReply,
    level: FhirExportLevel,
    groupId: string | null,
  ) {
    const id = await exports.kickOff(
      {
        level,
        groupId,
        query: request.query as Query,
        requestUrl: `${base}${request.url.slice(FHIR_BASE_PATH.length)}`,
        requester: requesterOf(request),
      },
      preferAsync(request),
      (definition: ResourceDefinition) => assertMayExport(request, definition),
    );
    await auditFhir(db, request, {
      action: AUDIT_ACTIONS.fhirExportStart,
      details: { export_id: id, level, ...(groupId ? { group_id: groupId } : {}) },
    });
    return reply.code(202).header('content-location', statusUrl(id)).send();
  }

  const kickOffSchema = (summary: string) => ({
    tags,
    summary,
    querystring: exportQuerySchema,
    headers: preferHeadersSchema,
    response: {
      202: emptyResponse('Started: Content-Location names the status address to poll'),
      ...fhirFailures(400, 401, 403, 404, 429),
    },
  });
  const exportAudit = { audit: AUDIT_ACTIONS.fhirExportStart };
  fhir.get(
    '/$export',
    { config: exportAudit, schema: kickOffSchema('Exports every served type (Bulk Data)') },
    (request, reply) => kickOff(request, reply, 'system', null),
  );
  fhir.get(
    '/Patient/$export',
    { config: exportAudit, schema: kickOffSchema("Exports every participant's data") },
    (request, reply) => kickOff(request, reply, 'patient', null),
  );
  routes.get(
    '/Group/:id/$export',
    {
      config: exportAudit,
      schema: { ...kickOffSchema("Exports a group's participants' data"), params: idParamsSchema },
    },
    (request, reply) => kickOff(request, reply, 'group', request.params.id),
  );

  routes.get(
    '/bulk-status/:id',
    {
      config: { audit: AUDIT_ACTIONS.fhirExportStatus },
      schema: {
        tags,
        summary: 'Polls an export: 202 with X-Progress while it runs, then its manifest',
        params: idParamsSchema,
        response: {
          200: manifestResponse,
          202: emptyResponse('Still running: X-Progress and Retry-After say how far and when'),
          ...fhirFailures(401, 404, 500),
        },
      },
    },
    async (request, reply) => {
      const state = await exports.status(request.params.id, requesterOf(request));
      await auditFhir(db, request, {
        action: AUDIT_ACTIONS.fhirExportStatus,
        details: { export_id: request.params.id, done: state.done },
      });
      if (!state.done) {
        return reply
          .code(202)
          .header('x-progress', `${state.written} resources written`)
          .header('retry-after', String(FHIR_EXPORT_RETRY_AFTER_SECONDS))
          .send();
      }
      const files = await listExportFiles(db, state.job.id);
      return sendFhir(reply.header('expires', state.job.expiresAt?.toUTCString() ?? ''), 200, {
        transactionTime: state.job.transactionTime.toISOString(),
        request: state.job.requestUrl,
        requiresAccessToken: true,
        output: files.map((file) => ({
          type: file.type,
          url: `${base}/bulk-files/${state.job.id}/${file.name}`,
          count: file.count,
        })),
        error: [],
      });
    },
  );

  routes.delete(
    '/bulk-status/:id',
    {
      config: { audit: AUDIT_ACTIONS.fhirExportCancel },
      schema: {
        tags,
        summary: 'Cancels an export and deletes its files',
        params: idParamsSchema,
        response: { 202: emptyResponse('Cancelled'), ...fhirFailures(401, 404) },
      },
    },
    async (request, reply) => {
      await exports.cancel(request.params.id, requesterOf(request));
      await auditFhir(db, request, {
        action: AUDIT_ACTIONS.fhirExportCancel,
        details: { export_id: request.params.id },
      });
      return reply.code(202).send();
    },
  );

  routes.get(
    '/bulk-files/:id/:name',
    {
      config: { audit: AUDIT_ACTIONS.fhirExportDownload },
      schema: {
        tags,
        summary: "Downloads one of a finished export's files",
        params: exportFileParamsSchema,
        response: { 200: ndjsonResponse, ...fhirFailures(401, 404) },
      },
    },
    async (request, reply) => {
      const handle = await exports.file(
        request.params.id,
        request.params.name,
        requesterOf(request),
      );
      await auditFhir(db, request, {
        action: AUDIT_ACTIONS.fhirExportDownload,
        details: { export_id: request.params.id, file: request.params.name },
      });
      return reply.type(FHIR_NDJSON_CONTENT_TYPE).send(handle.createReadStream());
    },
  );
}
