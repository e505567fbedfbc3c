import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#app/db/client';
import { fileRemovalAllowed } from '#app/core/file-removal-hold';
import type { DicomStore } from '#app/core/imaging/dicom-store';
import { countRowsWithContent, lockContent } from './imaging.repository';

/** Stored DICOM content (by hash) that no row uses any more: removed, under the content lock. */
export type ImagingContent = ReturnType<typeof createImagingContent>;

export function createImagingContent(deps: {
  db: Database;
  store: DicomStore;
  log?: FastifyBaseLogger;
}) {
  const { db, store } = deps;

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

  return { releaseContent, releaseQuietly };
}
