import type { FastifyBaseLogger } from 'fastify';
import {
  IMAGING_MESSAGES,
  type ImagingFile,
  type PreviewStatus,
} from '@recovery-portal/contract/imaging';
import type { Database } from '#app/db/client';
import { AppError, notFound } from '#app/lib/app-error';
import type { DicomStore } from '#app/core/imaging/dicom-store';
import { inspectPixels, type PixelInspection } from './dicom-pixels';
import { renderPreview } from './dicom-preview';
import { fillPreviewStatus, findImagingFile, type ImagingRow } from './imaging.repository';

/** A stored file that has gone (deleted by hand, a restore without its files). */
export const isFileMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

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

/** Previews of stored images: their status for the list, and the PNG, rendered once and cached. */
export type ImagingPreviews = ReturnType<typeof createImagingPreviews>;

export function createImagingPreviews(deps: {
  db: Database;
  store: DicomStore;
  log?: FastifyBaseLogger;
}) {
  const { db, store } = deps;
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

  return {
    /**
     * Rows from before previews have no status yet: it is read from their files once and kept.
     * A file that has gone missing is reported as such, and not kept.
     */
    async withPreviewStatus(rows: readonly ImagingRow[]): Promise<ImagingFile[]> {
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
  };
}
