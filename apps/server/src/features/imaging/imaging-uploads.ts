import type { Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import {
  DICOM_UPLOAD_FIELDS,
  dicomUploadFieldsSchema,
  IMAGING_MESSAGES,
  type DicomUploadFields,
  type ImagingFile,
  type StoredPreviewStatus,
} from '@recovery-portal/contract/imaging';
import type { Database } from '#app/db/client';
import { AppError } from '#app/lib/app-error';
import {
  inspectDicomFile,
  replaceControlCharacters,
  type DicomMetadata,
} from '#app/core/imaging/dicom-header';
import type { DicomStore, StagedFile } from '#app/core/imaging/dicom-store';
import { inspectPixels } from './dicom-pixels';
import type { ImagingContent } from './imaging-content';
import type { ImagingPreviews } from './imaging-previews';
import { insertImagingFiles, lockContent, type ImagingRow } from './imaging.repository';

/** A validated upload waiting in the temporary folder. */
export interface AcceptedUpload {
  originalName: string;
  file: StagedFile;
  metadata: DicomMetadata;
  preview: StoredPreviewStatus;
}

/**
 * Records the stored images (the audit row) in the transaction that inserts their rows, so the
 * upload and its record commit together.
 */
export type RecordStored = (target: DicomUploadFields, imageIds: number[]) => Promise<void>;

const TEXT_FIELDS = new Set<string>([DICOM_UPLOAD_FIELDS.userId, DICOM_UPLOAD_FIELDS.surgeryId]);

const badRequest = (message: string) => new AppError('VALIDATION_ERROR', message);

/** The name to show for an uploaded file: no folders, no control characters, bounded. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = replaceControlCharacters(base, '').trim().slice(0, 255);
  return cleaned || 'unnamed.dcm';
}

/** A system error (ENOSPC, EACCES …) is ours to report as a 500; anything else is the upload's. */
function isSystemError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^E[A-Z]+$/.test(code);
}

/** Parser and busboy failures while reading the multipart body, as the API's sentences. */
function uploadError(error: unknown): unknown {
  if (error instanceof AppError || isSystemError(error)) return error;
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_FILES_LIMIT':
      return new AppError('PAYLOAD_TOO_LARGE', IMAGING_MESSAGES.tooManyFiles);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', IMAGING_MESSAGES.notMultipart);
    default:
      return badRequest(IMAGING_MESSAGES.malformed);
  }
}

async function* guardedParts(parts: AsyncIterable<Multipart>): AsyncGenerator<Multipart> {
  try {
    for await (const part of parts) yield part;
  } catch (error) {
    throw uploadError(error);
  }
}

/** DICOM uploads: read from the multipart body, checked, and stored all together or not at all. */
export function createImagingUploads(deps: {
  db: Database;
  store: DicomStore;
  maxUploadBytes: number;
  content: ImagingContent;
  previews: ImagingPreviews;
  /** NOT_FOUND unless the participant exists and the surgery is theirs. */
  requireSurgery: (userId: number, surgeryId: number) => Promise<void>;
}) {
  const { db, store, maxUploadBytes, content, previews, requireSurgery } = deps;

  async function resolveTarget(
    fields: ReadonlyMap<string, string>,
    missingMessage: string | null,
  ): Promise<DicomUploadFields> {
    if (missingMessage && [...TEXT_FIELDS].some((name) => !fields.has(name))) {
      throw badRequest(missingMessage);
    }
    const parsed = dicomUploadFieldsSchema.safeParse(Object.fromEntries(fields));
    if (!parsed.success) {
      throw badRequest(parsed.error.issues[0]?.message ?? IMAGING_MESSAGES.notMultipart);
    }
    await requireSurgery(parsed.data.user_id, parsed.data.surgery_id);
    return parsed.data;
  }

  const uploads = {
    /**
     * Moves validated uploads into the store and inserts their rows, in one transaction that
     * holds the content locks. If anything fails the rows roll back and every file this call
     * created is removed again unless another row uses the same content.
     */
    async storeUploads(
      target: DicomUploadFields,
      uploads: readonly AcceptedUpload[],
      staffId: number | null,
      recordStored?: RecordStored,
    ): Promise<ImagingFile[]> {
      const created = new Set<string>();
      let rows: ImagingRow[];
      try {
        rows = await db.transaction(async (tx) => {
          // Sorted, so two uploads sharing files cannot deadlock.
          for (const sha256 of [...new Set(uploads.map((u) => u.file.sha256))].sort()) {
            await lockContent(tx, sha256);
          }
          for (const upload of uploads) {
            if ((await store.promote(upload.file)) === 'created') created.add(upload.file.sha256);
          }
          const inserted = await insertImagingFiles(
            tx,
            uploads.map((upload) => ({
              userId: target.user_id,
              surgeryId: target.surgery_id,
              originalName: upload.originalName,
              contentSha256: upload.file.sha256,
              sizeBytes: upload.file.sizeBytes,
              metadata: upload.metadata,
              preview: upload.preview,
              uploadedBy: staffId,
            })),
          );
          await recordStored?.(
            target,
            inserted.map((row) => row.id),
          );
          return inserted;
        });
      } catch (error) {
        await content.releaseQuietly(created);
        throw error;
      }
      // Every new row has its status already: this only shapes them for the API.
      return previews.withPreviewStatus(rows);
    },

    /**
     * Reads a multipart upload: the user_id and surgery_id fields, then each file streamed to
     * a temporary file (hashed and size-checked on the way) and checked to be DICOM. All files
     * are stored, or none: the first refusal (413, 415, 422) names its file and ends the upload.
     * Temporary files never outlive the call.
     */
    async upload(parts: AsyncIterable<Multipart>, staffId: number, recordStored?: RecordStored) {
      const fields = new Map<string, string>();
      const accepted: AcceptedUpload[] = [];
      const temporary: string[] = [];
      let target: DicomUploadFields | null = null;
      try {
        for await (const part of guardedParts(parts)) {
          if (part.type === 'field') {
            if (target) throw badRequest(IMAGING_MESSAGES.fieldsFirst);
            if (!TEXT_FIELDS.has(part.fieldname)) {
              throw badRequest(IMAGING_MESSAGES.unknownField(cleanFileName(part.fieldname)));
            }
            fields.set(part.fieldname, String(part.value));
            continue;
          }
          target ??= await resolveTarget(fields, IMAGING_MESSAGES.fieldsFirst);
          const originalName = cleanFileName(part.filename);
          let file: StagedFile;
          try {
            file = await store.writeTemp(part.file as Readable);
          } catch (error) {
            throw uploadError(error);
          }
          temporary.push(file.tmpPath);
          if (part.file.truncated) {
            throw new AppError(
              'PAYLOAD_TOO_LARGE',
              IMAGING_MESSAGES.tooLarge(originalName, maxUploadBytes),
            );
          }
          const inspection = await inspectDicomFile(file.tmpPath, file.sizeBytes);
          switch (inspection.kind) {
            case 'not-dicom':
              throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMAGING_MESSAGES.notDicom(originalName));
            case 'unreadable':
              throw new AppError('UNPROCESSABLE', IMAGING_MESSAGES.unreadable(originalName));
            case 'dicom': {
              const { status } = await inspectPixels(file.tmpPath, file.sizeBytes);
              accepted.push({ originalName, file, metadata: inspection.metadata, preview: status });
              break;
            }
          }
        }
        if (!target) {
          // Bad or missing fields say so first; otherwise the form simply had no files.
          await resolveTarget(fields, null);
          throw badRequest(IMAGING_MESSAGES.noFiles);
        }
        const files = await uploads.storeUploads(target, accepted, staffId, recordStored);
        return { target, files };
      } finally {
        await Promise.all(temporary.map((tmpPath) => store.discard(tmpPath)));
      }
    },
  };
  return uploads;
}
