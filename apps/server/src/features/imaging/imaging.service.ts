import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { IMAGING_MESSAGES, type ImagingFile } from '@recovery-portal/contract/imaging';
import { SURGERY_MESSAGES } from '@recovery-portal/contract/surgery';
import type { Database } from '#app/db/client';
import type { AuditValues } from '#app/core/audit/record-audit';
import { notFound } from '#app/lib/app-error';
import { requireParticipant } from '#app/core/participant-lookup';
import { findSurgery } from '#app/core/surgeries';
import type { DicomStore } from '#app/core/imaging/dicom-store';
import { createImagingContent } from './imaging-content';
import { createImagingPreviews, isFileMissing } from './imaging-previews';
import { createImagingUploads } from './imaging-uploads';
import {
  deleteImagingFile,
  auditedImagingFiles,
  findImagingFile,
  referencedHashes,
  type ImagingRow,
} from './imaging.repository';

export interface ImagingServiceDeps {
  db: Database;
  store: DicomStore;
  maxUploadBytes: number;
  log?: FastifyBaseLogger;
}

/**
 * A surgery's images: uploads, previews and the stored content, composed here with listing,
 * download, deletion and the housekeeping sweep.
 */
export function createImagingService(deps: ImagingServiceDeps) {
  const { db, store } = deps;
  const content = createImagingContent(deps);
  const previews = createImagingPreviews(deps);

  /** NOT_FOUND unless the participant exists and the surgery is theirs. */
  async function requireSurgery(userId: number, surgeryId: number): Promise<void> {
    await requireParticipant(db, userId);
    if (!(await findSurgery(db, userId, surgeryId))) {
      throw notFound(SURGERY_MESSAGES.notFound(surgeryId, userId));
    }
  }

  const uploads = createImagingUploads({ ...deps, content, previews, requireSurgery });

  return {
    storeUploads: uploads.storeUploads,
    upload: uploads.upload,
    preview: previews.preview,

    /**
     * A surgery's images, read with the call's audit row (`audit`); NOT_FOUND, not audited, for
     * an unknown participant or someone else's surgery.
     */
    async list(userId: number, surgeryId: number, audit: AuditValues): Promise<ImagingFile[]> {
      const read = await auditedImagingFiles(db, userId, surgeryId, audit);
      if (!read.found) throw notFound(SURGERY_MESSAGES.notFound(surgeryId, userId));
      return previews.withPreviewStatus(read.rows);
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
      return { image, fileRemoved: await content.releaseContent(image.content_sha256) };
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
        if (!referenced.has(sha256) && (await content.releaseContent(sha256))) orphans += 1;
      }
      const previewed = await store.storedPreviewHashes();
      const shown = await referencedHashes(db, previewed);
      let previewsRemoved = 0;
      for (const sha256 of previewed) {
        if (shown.has(sha256)) continue;
        await store.removePreview(sha256);
        previewsRemoved += 1;
      }
      return { temporary: temporaryRemoved, orphans, previews: previewsRemoved };
    },
  };
}
export type ImagingService = ReturnType<typeof createImagingService>;
