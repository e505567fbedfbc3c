import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import type { FastifyBaseLogger } from 'fastify';
import {
  DICOM_UPLOAD_FIELDS,
  dicomUploadFieldsSchema,
  IMAGING_MESSAGES,
  type DicomUploadFields,
  type ImagingFile,
  type PreviewStatus,
  type StoredPreviewStatus,
} from '@recovery-portal/contract/imaging';
import { SURGERY_MESSAGES } from '@recovery-portal/contract/surgery';
import type { Database } from '#app/db/client';
import { AppError, notFound } from '#app/lib/app-error';
import { requireParticipant } from '#app/core/participant-lookup';
import { fileRemovalAllowed } from '#app/core/file-removal-hold';
import { findSurgery } from '#app/core/surgeries';
import {
  inspectDicomFile,
  replaceControlCharacters,
  type DicomMetadata,
} from '#app/core/imaging/dicom-header';
import { inspectPixels, type PixelInspection } from './dicom-pixels';
import { renderPreview } from './dicom-preview';
import type { DicomStore, StagedFile } from '#app/core/imaging/dicom-store';
import {
  countRowsWithContent,
  deleteImagingFile,
  fillPreviewStatus,
  findImagingFile,
  insertImagingFiles,
  listImagingFiles,
  lockContent,
  referencedHashes,
  type ImagingRow,
} from './imaging.repository';

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

/**
 * Renders at once at most: each holds a read band and the preview's sums (a few MiB), and the
 * work is CPU-bound, so a page of thumbnails queues instead of piling up.
 */
const CONCURRENT_RENDERS = 2;

/** Runs at most `limit` tasks at a time; the others wait their turn in order. */
function createLimiter(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (active < limit) active += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next task, so a newcomer cannot overtake it.
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}

/** A rendered preview, or why the content cannot have one. */
type RenderOutcome =
  { kind: 'png'; png: Buffer } | { kind: 'refused'; describe: (fileName: string) => string };

export interface ImagingServiceDeps {
  db: Database;
  store: DicomStore;
  maxUploadBytes: number;
  log?: FastifyBaseLogger;
}

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

const isFileMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

export function createImagingService(deps: ImagingServiceDeps) {
  const { db, store, maxUploadBytes } = deps;
  const limitRenders = createLimiter(CONCURRENT_RENDERS);
  /** Renders under way by content hash: simultaneous requests for one image share the work. */
  const rendering = new Map<string, Promise<RenderOutcome>>();

  /** The stored file of an image, inspected for its pixels; NOT_FOUND when the file is gone. */
  async function inspectStored(image: ImagingRow): Promise<PixelInspection> {
    try {
      return await inspectPixels(store.pathFor(image.content_sha256), image.size_bytes);
    } catch (error) {
      if (isFileMissing(error)) throw notFound(IMAGING_MESSAGES.fileMissing(image.id));
      throw error;
    }
  }

  /**
   * Rows from before previews have no status yet: it is read from their files once and kept.
   * A file that has gone missing is reported as such, and not kept.
   */
  async function withPreviewStatus(rows: readonly ImagingRow[]): Promise<ImagingFile[]> {
    const known = new Map<string, PreviewStatus>();
    for (const row of rows) {
      if (row.preview !== null || known.has(row.content_sha256)) continue;
      try {
        const { status } = await inspectStored(row);
        await fillPreviewStatus(db, row.content_sha256, status);
        known.set(row.content_sha256, status);
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'NOT_FOUND')) throw error;
        known.set(row.content_sha256, 'FILE_MISSING');
      }
    }
    return rows.map((row) => ({
      ...row,
      preview: row.preview ?? known.get(row.content_sha256) ?? 'FILE_MISSING',
    }));
  }

  /** Inspects and renders an image's content, then caches the PNG. */
  async function render(image: ImagingRow): Promise<RenderOutcome> {
    const inspection = await inspectStored(image);
    if (image.preview === null)
      await fillPreviewStatus(db, image.content_sha256, inspection.status);
    if (inspection.status !== 'AVAILABLE') {
      return { kind: 'refused', describe: inspection.describe };
    }
    const png = await renderPreview(store.pathFor(image.content_sha256), inspection.layout);
    try {
      await store.writePreview(image.content_sha256, png);
    } catch (error) {
      // The preview is still worth showing; the next request tries the cache again.
      deps.log?.warn({ err: error }, 'could not cache a DICOM preview');
    }
    return { kind: 'png', png };
  }

  /** NOT_FOUND unless the participant exists and the surgery is theirs. */
  async function requireSurgery(userId: number, surgeryId: number): Promise<void> {
    await requireParticipant(db, userId);
    if (!(await findSurgery(db, userId, surgeryId))) {
      throw notFound(SURGERY_MESSAGES.notFound(surgeryId, userId));
    }
  }

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

  /**
   * Drops the stored file of a hash unless a row uses it. Under the content lock, so an upload
   * of the same bytes committing at the same time either sees the file or recreates it.
   */
  async function releaseContent(sha256: string): Promise<boolean> {
    return db.transaction(async (tx) => {
      await lockContent(tx, sha256);
      if ((await countRowsWithContent(tx, sha256)) > 0) return false;
      // A running backup may still copy it: the hourly sweep removes it instead.
      if (!(await fileRemovalAllowed(tx))) return false;
      await store.remove(sha256);
      await store.removePreview(sha256);
      return true;
    });
  }

  /** Best-effort clean-up after a failure; a file left behind is removed by the next sweep. */
  async function releaseQuietly(hashes: Iterable<string>): Promise<void> {
    for (const sha256 of hashes) {
      try {
        await releaseContent(sha256);
      } catch (error) {
        deps.log?.warn({ err: error }, 'could not release a stored DICOM file');
      }
    }
  }

  const service = {
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
        await releaseQuietly(created);
        throw error;
      }
      // Every new row has its status already: this only shapes them for the API.
      return withPreviewStatus(rows);
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
        const files = await service.storeUploads(target, accepted, staffId, recordStored);
        return { target, files };
      } finally {
        await Promise.all(temporary.map((tmpPath) => store.discard(tmpPath)));
      }
    },

    /** A surgery's images; NOT_FOUND for an unknown participant or someone else's surgery. */
    async list(userId: number, surgeryId: number): Promise<ImagingFile[]> {
      await requireSurgery(userId, surgeryId);
      return withPreviewStatus(await listImagingFiles(db, userId, surgeryId));
    },

    /**
     * The image's row and its preview as PNG: from the cache, else rendered (and cached).
     * NOT_FOUND for an unknown image or a missing file; UNPROCESSABLE, with the reason, when
     * the data allows no preview.
     */
    async preview(imageId: number): Promise<{ image: ImagingRow; png: Buffer }> {
      const image = await findImagingFile(db, imageId);
      if (!image) throw notFound(IMAGING_MESSAGES.notFound(imageId));
      const cached = await store.readPreview(image.content_sha256);
      if (cached) return { image, png: cached };
      const sha256 = image.content_sha256;
      let pending = rendering.get(sha256);
      if (!pending) {
        pending = limitRenders(() => render(image)).finally(() => rendering.delete(sha256));
        rendering.set(sha256, pending);
      }
      const outcome = await pending;
      if (outcome.kind === 'refused') {
        throw new AppError('UNPROCESSABLE', outcome.describe(image.original_name));
      }
      return { image, png: outcome.png };
    },

    /** The image's row and an open stream of its bytes; NOT_FOUND when either is missing. */
    async openFile(imageId: number): Promise<{ image: ImagingRow; stream: Readable }> {
      const image = await findImagingFile(db, imageId);
      if (!image) throw notFound(IMAGING_MESSAGES.notFound(imageId));
      try {
        const handle = await open(store.pathFor(image.content_sha256), 'r');
        return { image, stream: handle.createReadStream() };
      } catch (error) {
        if (isFileMissing(error)) throw notFound(IMAGING_MESSAGES.fileMissing(imageId));
        throw error;
      }
    },

    /**
     * Deletes the row, then (in its own locked step) the stored file if no other row uses the
     * same content. A crash between the two leaves only an unlisted file for the sweep.
     */
    async remove(imageId: number): Promise<{ image: ImagingRow; fileRemoved: boolean }> {
      const image = await findImagingFile(db, imageId);
      if (!image) throw notFound(IMAGING_MESSAGES.notFound(imageId));
      if (!(await deleteImagingFile(db, imageId))) {
        throw notFound(IMAGING_MESSAGES.notFound(imageId));
      }
      return { image, fileRemoved: await releaseContent(image.content_sha256) };
    },

    /**
     * Housekeeping: removes temporary files older than `tempMaxAgeMs`, and stored files and
     * cached previews no row uses (left by a crash, by a participant's deletion cascading to
     * their images, or by a preview rendered while its image was being deleted).
     */
    async sweep(
      tempMaxAgeMs: number,
    ): Promise<{ temporary: number; orphans: number; previews: number }> {
      const temporaryRemoved = await store.cleanStaleTemp(tempMaxAgeMs);
      const stored = await store.storedHashes();
      const referenced = await referencedHashes(db, stored);
      let orphans = 0;
      for (const sha256 of stored) {
        if (!referenced.has(sha256) && (await releaseContent(sha256))) orphans += 1;
      }
      const previewed = await store.storedPreviewHashes();
      const shown = await referencedHashes(db, previewed);
      let previews = 0;
      for (const sha256 of previewed) {
        if (shown.has(sha256)) continue;
        await store.removePreview(sha256);
        previews += 1;
      }
      return { temporary: temporaryRemoved, orphans, previews };
    },
  };
  return service;
}
export type ImagingService = ReturnType<typeof createImagingService>;
