import { PREVIEW_STATUSES } from '@recovery-portal/contract/imaging';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { surgeries } from './surgery';
import { users } from './users';

export const imagingPreviewEnum = pgEnum('imaging_preview', PREVIEW_STATUSES);

/**
 * Metadata of an uploaded DICOM file. The bytes live in the content-addressed file store under
 * DATA_DIR/files/dicom/<sha[0:2]>/<sha>; rows with the same content_sha256 share one file.
 */
export const imagingFiles = pgTable(
  'imaging_files',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    surgeryId: integer('surgery_id').notNull(),
    originalName: text('original_name').notNull(),
    contentSha256: text('content_sha256').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    modality: text('modality'),
    studyDate: date('study_date'),
    studyDescription: text('study_description'),
    seriesDescription: text('series_description'),
    rows: integer('rows'),
    columns: integer('columns'),
    instanceNumber: integer('instance_number'),
    /** DICOM UIDs from the header (the FHIR ImagingStudy); null when the file lacks one. */
    studyInstanceUid: text('study_instance_uid'),
    seriesInstanceUid: text('series_instance_uid'),
    sopInstanceUid: text('sop_instance_uid'),
    sopClassUid: text('sop_class_uid'),
    /**
     * Whether the UIDs were read from the file: false for rows from before they were kept,
     * until the FHIR API reads them from the stored file (imaging-uids.ts).
     */
    uidsRead: boolean('uids_read').notNull().default(false),
    /** Whether a preview can be rendered; null for rows from before previews (filled on listing). */
    preview: imagingPreviewEnum('preview'),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'imaging_files_surgery_fk',
      columns: [table.surgeryId, table.userId],
      foreignColumns: [surgeries.id, surgeries.userId],
    }).onDelete('cascade'),
    index('imaging_files_surgery_idx').on(table.surgeryId, table.uploadedAt),
    index('imaging_files_sha_idx').on(table.contentSha256),
    // ImagingStudy: one per (participant, study UID), its id the lowest row id of the group.
    index('imaging_files_study_idx').on(table.userId, table.studyInstanceUid, table.id),
    index('imaging_files_uids_unread_idx')
      .on(table.id)
      .where(sql`not ${table.uidsRead}`),
    // The hash names a file on disk: only lower-case hex may ever reach a path.
    check('imaging_files_sha256_hex', sql`${table.contentSha256} ~ '^[0-9a-f]{64}$'`),
  ],
);
