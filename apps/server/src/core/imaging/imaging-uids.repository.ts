import { and, asc, eq, gt, not } from 'drizzle-orm';
import type { Database } from '#app/db/client';
import { imagingFiles } from '#app/db/schema/imaging';
import type { DicomMetadata } from './dicom-header';

/** Stored contents whose rows have not had their UIDs read, by lowest row id after `afterId`. */
export async function contentsWithoutUids(
  db: Database,
  afterId: number,
  limit: number,
): Promise<{ id: number; sha256: string; sizeBytes: number }[]> {
  return db
    .select({
      id: imagingFiles.id,
      sha256: imagingFiles.contentSha256,
      sizeBytes: imagingFiles.sizeBytes,
    })
    .from(imagingFiles)
    .where(and(not(imagingFiles.uidsRead), gt(imagingFiles.id, afterId)))
    .orderBy(asc(imagingFiles.id))
    .limit(limit);
}

/** Records the UIDs read from some content on the rows that do not have them yet. */
export async function fillUids(
  db: Database,
  sha256: string,
  uids: Pick<
    DicomMetadata,
    'studyInstanceUid' | 'seriesInstanceUid' | 'sopInstanceUid' | 'sopClassUid'
  >,
): Promise<void> {
  await db
    .update(imagingFiles)
    .set({ ...uids, uidsRead: true })
    .where(and(eq(imagingFiles.contentSha256, sha256), not(imagingFiles.uidsRead)));
}
