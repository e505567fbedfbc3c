import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ImagingFile, StoredPreviewStatus } from '@recovery-portal/contract/imaging';
import { preparedOutsideTransactions } from '#app/db/ambient-transaction';
import type { Database } from '#app/db/client';
import { imagingFiles } from '#app/db/schema/imaging';
import { surgeries } from '#app/db/schema/surgery';
import type { AuditValues } from '#app/core/audit/record-audit';
import {
  participantAudit,
  participantCte,
  participantRows,
} from '#app/core/audit/participant-read';
import type { DicomMetadata } from '#app/core/imaging/dicom-header';

/** Namespace of the per-content advisory locks (the other half of the key comes from the hash). */
const CONTENT_LOCK_NAMESPACE = 4_211_979;

export interface NewImagingFile {
  userId: number;
  surgeryId: number;
  originalName: string;
  contentSha256: string;
  sizeBytes: number;
  metadata: DicomMetadata;
  preview: StoredPreviewStatus;
  uploadedBy: number | null;
}

/** An image as stored: `preview` is null for rows from before previews existed. */
export type ImagingRow = Omit<ImagingFile, 'preview'> & { preview: StoredPreviewStatus | null };

const columns = {
  id: imagingFiles.id,
  user_id: imagingFiles.userId,
  surgery_id: imagingFiles.surgeryId,
  original_name: imagingFiles.originalName,
  content_sha256: imagingFiles.contentSha256,
  size_bytes: imagingFiles.sizeBytes,
  modality: imagingFiles.modality,
  study_date: imagingFiles.studyDate,
  study_description: imagingFiles.studyDescription,
  series_description: imagingFiles.seriesDescription,
  rows: imagingFiles.rows,
  columns: imagingFiles.columns,
  instance_number: imagingFiles.instanceNumber,
  preview: imagingFiles.preview,
  uploaded_by: imagingFiles.uploadedBy,
  uploadedAt: imagingFiles.uploadedAt,
};

function toImagingRow({
  uploadedAt,
  ...row
}: Omit<ImagingRow, 'uploaded_at'> & { uploadedAt: Date }): ImagingRow {
  return { ...row, size_bytes: Number(row.size_bytes), uploaded_at: uploadedAt.toISOString() };
}

/**
 * Serialises every store operation on one content hash (add, delete, clean-up) across
 * transactions and server processes, until the calling transaction ends.
 */
export async function lockContent(db: Database, sha256: string): Promise<void> {
  // The first 8 hex digits as a signed 32-bit key: collisions only make two hashes wait.
  const key = Number.parseInt(sha256.slice(0, 8), 16) | 0;
  await db.execute(sql`select pg_advisory_xact_lock(${CONTENT_LOCK_NAMESPACE}::int, ${key}::int)`);
}

/** Inserts the rows in order and returns them as the API shows them. */
export async function insertImagingFiles(
  db: Database,
  files: readonly NewImagingFile[],
): Promise<ImagingRow[]> {
  if (files.length === 0) return [];
  const rows = await db
    .insert(imagingFiles)
    .values(
      files.map((file) => ({
        userId: file.userId,
        surgeryId: file.surgeryId,
        originalName: file.originalName,
        contentSha256: file.contentSha256,
        sizeBytes: file.sizeBytes,
        modality: file.metadata.modality,
        studyDate: file.metadata.studyDate,
        studyDescription: file.metadata.studyDescription,
        seriesDescription: file.metadata.seriesDescription,
        rows: file.metadata.rows,
        columns: file.metadata.columns,
        instanceNumber: file.metadata.instanceNumber,
        studyInstanceUid: file.metadata.studyInstanceUid,
        seriesInstanceUid: file.metadata.seriesInstanceUid,
        sopInstanceUid: file.metadata.sopInstanceUid,
        sopClassUid: file.metadata.sopClassUid,
        uidsRead: true,
        preview: file.preview,
        uploadedBy: file.uploadedBy,
      })),
    )
    .returning(columns);
  return rows.map(toImagingRow);
}

/**
 * A surgery's images, newest upload first, in one statement with the call's audit row
 * (core/audit/participant-read.ts): `found` narrows the participant to the case where the
 * surgery is theirs, and only then is the read audited. Always the same statement, so it is
 * prepared once and kept.
 */
const imagingListStatement = preparedOutsideTransactions((db) => {
  const participant = participantCte(db);
  const surgeryId = sql`${sql.placeholder('surgeryId')}::integer`;
  const found = db.$with('found').as(
    db
      .select({ id: participant.id })
      .from(participant)
      .where(
        sql`exists (select 1 from ${surgeries} where ${surgeries.userId} = ${participant.id} and ${surgeries.id} = ${surgeryId})`,
      ),
  );
  const rows = db.$with('rows').as(
    db
      .select(columns)
      .from(found)
      .innerJoin(
        imagingFiles,
        and(eq(imagingFiles.userId, found.id), eq(imagingFiles.surgeryId, surgeryId)),
      ),
  );
  return db
    .with(participant, found, rows, participantAudit(db, found))
    .select({ found: sql<boolean>`exists (select 1 from ${found})`, row: rows._.selectedFields })
    .from(participant)
    .leftJoin(rows, sql`true`)
    .orderBy(desc(rows.uploadedAt), desc(rows.id))
    .prepare('participant_imaging_audited');
});

/** What the imaging list read: `found` is false when the surgery is not the participant's. */
export interface ImagingListReading {
  found: boolean;
  rows: ImagingRow[];
}

/** A surgery's images, read with the call's audit row; 404 for no participant. */
export async function auditedImagingFiles(
  db: Database,
  userId: number,
  surgeryId: number,
  audit: AuditValues,
): Promise<ImagingListReading> {
  const rows = participantRows(
    await imagingListStatement(db).execute({ ...audit, participantId: userId, surgeryId }),
    userId,
  );
  return {
    found: rows[0].found,
    rows: rows.flatMap(({ row }) => (row ? [toImagingRow(row)] : [])),
  };
}

export async function findImagingFile(db: Database, id: number): Promise<ImagingRow | null> {
  const [row] = await db.select(columns).from(imagingFiles).where(eq(imagingFiles.id, id)).limit(1);
  return row ? toImagingRow(row) : null;
}

/** Records the preview status of some content on the rows that do not have one yet. */
export async function fillPreviewStatus(
  db: Database,
  sha256: string,
  preview: StoredPreviewStatus,
): Promise<void> {
  await db
    .update(imagingFiles)
    .set({ preview })
    .where(and(eq(imagingFiles.contentSha256, sha256), isNull(imagingFiles.preview)));
}

/** Deletes the row; false when it was already gone. */
export async function deleteImagingFile(db: Database, id: number): Promise<boolean> {
  const rows = await db
    .delete(imagingFiles)
    .where(eq(imagingFiles.id, id))
    .returning({ id: imagingFiles.id });
  return rows.length > 0;
}

/** How many rows use the stored file of this hash. */
export async function countRowsWithContent(db: Database, sha256: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(imagingFiles)
    .where(eq(imagingFiles.contentSha256, sha256));
  return Number(row?.n ?? 0);
}

/** The hashes among `hashes` that some row uses. */
export async function referencedHashes(
  db: Database,
  hashes: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < hashes.length; i += 1000) {
    const rows = await db
      .selectDistinct({ sha: imagingFiles.contentSha256 })
      .from(imagingFiles)
      .where(inArray(imagingFiles.contentSha256, hashes.slice(i, i + 1000)));
    for (const row of rows) found.add(row.sha);
  }
  return found;
}
