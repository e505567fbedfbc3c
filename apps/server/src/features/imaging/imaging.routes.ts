import type { FastifyInstance } from 'fastify';
import type { FastifyMultipartBaseOptions } from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { successEnvelope } from '@recovery-portal/contract/envelope';
import {
  DICOM_MEDIA_TYPE,
  dicomDeleteResponseSchema,
  dicomListQuerySchema,
  dicomUploadResponseSchema,
  IMAGING_MESSAGES,
  IMAGING_PATHS,
  imageIdQuerySchema,
  imagingFileListSchema,
  MAX_DICOM_FILES_PER_UPLOAD,
  PREVIEW_MAX_SIDE,
  PREVIEW_MEDIA_TYPE,
} from '@recovery-portal/contract/imaging';
import { API_PATHS } from '@recovery-portal/contract/paths';
import type { Database } from '#app/db/client';
import { AppError } from '#app/lib/app-error';
import { ok } from '#app/lib/envelope';
import { errorResponses } from '#app/lib/route-errors';
import { fileResponse } from '#app/lib/route-responses';
import { currentStaff } from '#app/plugins/auth';
import { auditRequest } from '#app/core/audit/request-audit';
import { auditedParticipantRead } from '#app/core/audit/participant-read';
import type { ImagingService } from './imaging.service';

const config = { access: ['CLINICIAN'] } as const;
const tags = ['imaging'];

/** Temporary upload files older than this are leftovers (a crash or a cut connection). */
const STALE_TEMP_MS = 24 * 3_600_000;
/**
 * At start, a temporary file not written for this long belongs to no running upload: this
 * process has none yet, and another process sharing DATA_DIR writes its uploads continuously.
 * A crash's partial file (perhaps a patient's scan) goes at once, not a day later.
 */
export const STARTUP_STALE_TEMP_MS = 60_000;
/** How often stale temporary files and unreferenced stored files are swept. */
const SWEEP_INTERVAL_MS = 3_600_000;

/**
 * @fastify/multipart options for the DICOM upload scope: busboy stops each file at
 * MAX_UPLOAD_BYTES and marks it truncated, which the upload turns into a 413 naming the file.
 */
export function dicomMultipartOptions(maxUploadBytes: number): FastifyMultipartBaseOptions {
  return {
    throwFileSizeLimit: false,
    limits: {
      fileSize: maxUploadBytes,
      files: MAX_DICOM_FILES_PER_UPLOAD,
      fields: 4,
      fieldSize: 64,
      fieldNameSize: 100,
      parts: MAX_DICOM_FILES_PER_UPLOAD + 4,
      headerPairs: 32,
    },
  };
}

/** `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266 / 8187). */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * POST /api/surgery/dicom. Register it inside a scope that has @fastify/multipart, so that no
 * other route learns to parse multipart bodies.
 */
export function registerDicomUploadRoute(
  scope: FastifyInstance,
  deps: { db: Database; imaging: ImagingService },
) {
  const routes = scope.withTypeProvider<ZodTypeProvider>();
  routes.post(
    API_PATHS.surgery.dicom,
    {
      // Out of the request transaction: the upload streams for as long as the client sends.
      // The service inserts the rows and the audit row in one transaction of its own.
      config: {
        ...config,
        audit: AUDIT_ACTIONS.participantImagingUpload,
        requestTransaction: false,
      },
      schema: {
        tags,
        summary:
          'Uploads DICOM files for a surgery (multipart: user_id, surgery_id, then the files)',
        consumes: ['multipart/form-data'],
        response: {
          200: successEnvelope(dicomUploadResponseSchema),
          ...errorResponses(400, 401, 403, 404, 413, 415, 422),
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMAGING_MESSAGES.notMultipart);
      }
      try {
        const { files } = await deps.imaging.upload(
          request.parts(),
          currentStaff(request).id,
          (target, imageIds) =>
            auditRequest(deps.db, request, {
              subjectType: 'participant',
              subjectId: target.user_id,
              details: { surgery_id: target.surgery_id, image_ids: imageIds },
            }),
        );
        return ok({ files });
      } catch (error) {
        // The rest of a refused upload is not read: close the connection after the answer.
        reply.header('connection', 'close');
        throw error;
      }
    },
  );
}

/** Listing, downloading and deleting a surgery's images, and the store's housekeeping. */
export function registerImagingRoutes(
  app: FastifyInstance,
  deps: { db: Database; imaging: ImagingService },
) {
  const { db, imaging } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  let sweeper: NodeJS.Timeout | undefined;
  const sweep = (tempMaxAgeMs = STALE_TEMP_MS) =>
    imaging.sweep(tempMaxAgeMs).catch((error: unknown) => {
      app.log.warn({ err: error }, 'DICOM store sweep failed');
    });
  app.addHook('onReady', async () => {
    await sweep(STARTUP_STALE_TEMP_MS);
    sweeper = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
    sweeper.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
  });

  routes.get(
    API_PATHS.surgery.dicomList,
    {
      config: { ...config, audit: AUDIT_ACTIONS.participantImagingList },
      schema: {
        tags,
        summary: "A surgery's DICOM files with the header fields read from them, newest first",
        querystring: dicomListQuerySchema,
        response: {
          200: successEnvelope(imagingFileListSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { user_id, surgery_id } = request.query;
      const data = await auditedParticipantRead(
        request,
        user_id,
        (audit) => imaging.list(user_id, surgery_id, audit),
        { surgery_id },
      );
      return ok(data);
    },
  );

  routes.get(
    IMAGING_PATHS.file,
    {
      config: { ...config, audit: AUDIT_ACTIONS.participantImagingDownload },
      schema: {
        tags,
        summary: 'The stored DICOM file, as an attachment (application/dicom)',
        querystring: imageIdQuerySchema,
        produces: [DICOM_MEDIA_TYPE],
        response: {
          200: fileResponse(DICOM_MEDIA_TYPE, "The stored file's bytes, as an attachment"),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { image, stream } = await imaging.openFile(request.query.image_id);
      try {
        await auditRequest(db, request, {
          subjectType: 'participant',
          subjectId: image.user_id,
          details: { surgery_id: image.surgery_id, image_id: image.id },
        });
      } catch (error) {
        stream.destroy();
        throw error;
      }
      return reply
        .type(DICOM_MEDIA_TYPE)
        .header('content-length', image.size_bytes)
        .header('content-disposition', contentDisposition(image.original_name))
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  routes.get(
    IMAGING_PATHS.preview,
    {
      config: { ...config, audit: AUDIT_ACTIONS.participantImagingList },
      schema: {
        tags,
        summary: `A PNG of the image's middle frame, longest side at most ${PREVIEW_MAX_SIDE} px; 422 with the reason when the data allows none (compressed, no pixels …)`,
        querystring: imageIdQuerySchema,
        produces: [PREVIEW_MEDIA_TYPE],
        response: {
          200: fileResponse(PREVIEW_MEDIA_TYPE, "The middle frame's preview"),
          ...errorResponses(400, 401, 403, 404, 422),
        },
      },
    },
    async (request, reply) => {
      const { image, png } = await imaging.preview(request.query.image_id);
      // Looking at a preview is looking at the images: the same action as the list, per image.
      await auditRequest(db, request, {
        subjectType: 'participant',
        subjectId: image.user_id,
        details: { surgery_id: image.surgery_id, image_id: image.id, preview: true },
      });
      return reply
        .type(PREVIEW_MEDIA_TYPE)
        .header('content-length', png.length)
        .header('cache-control', 'no-store')
        .send(png);
    },
  );

  routes.delete(
    API_PATHS.surgery.dicom,
    {
      config: { ...config, audit: AUDIT_ACTIONS.participantImagingDelete },
      schema: {
        tags,
        summary: 'Deletes an image: its row, and its file unless another image has the same bytes',
        querystring: imageIdQuerySchema,
        response: {
          200: successEnvelope(dicomDeleteResponseSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { image, fileRemoved } = await imaging.remove(request.query.image_id);
      await auditRequest(db, request, {
        subjectType: 'participant',
        subjectId: image.user_id,
        details: {
          surgery_id: image.surgery_id,
          image_id: image.id,
          original_name: image.original_name,
        },
      });
      return ok({ message: IMAGING_MESSAGES.deleted, id: image.id, file_removed: fileRemoved });
    },
  );
}
