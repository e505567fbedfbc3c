import type { Database } from '#app/db/client';
import { inspectDicomFile } from './dicom-header';
import type { DicomStore } from './dicom-store';
import { contentsWithoutUids, fillUids } from './imaging-uids.repository';

/** Rows looked at per query while filling. */
const BATCH = 100;

const isFileMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Reads the DICOM UIDs of rows stored before they were kept, from their stored files, and keeps
 * them (a migration cannot read files). Whoever serves the UIDs calls `fill` first: once every
 * row has them it is one query on a partial index that finds nothing. A file that has gone
 * missing is skipped and tried again on the next call; content without UIDs is marked as read.
 * Simultaneous calls share one pass.
 */
export function createUidBackfill(db: Database, store: Pick<DicomStore, 'pathFor'>) {
  let running: Promise<void> | null = null;

  async function pass(): Promise<void> {
    const done = new Set<string>();
    let afterId = 0;
    for (;;) {
      const rows = await contentsWithoutUids(db, afterId, BATCH);
      for (const row of rows) {
        if (done.has(row.sha256)) continue;
        done.add(row.sha256);
        try {
          const inspection = await inspectDicomFile(store.pathFor(row.sha256), row.sizeBytes);
          const metadata = inspection.kind === 'dicom' ? inspection.metadata : null;
          await fillUids(db, row.sha256, {
            studyInstanceUid: metadata?.studyInstanceUid ?? null,
            seriesInstanceUid: metadata?.seriesInstanceUid ?? null,
            sopInstanceUid: metadata?.sopInstanceUid ?? null,
            sopClassUid: metadata?.sopClassUid ?? null,
          });
        } catch (error) {
          if (!isFileMissing(error)) throw error;
        }
      }
      const last = rows[rows.length - 1];
      if (!last || rows.length < BATCH) return;
      afterId = last.id;
    }
  }

  return {
    fill(): Promise<void> {
      running ??= pass().finally(() => {
        running = null;
      });
      return running;
    },
  };
}
export type UidBackfill = ReturnType<typeof createUidBackfill>;
