import { z } from 'zod';
import { participantIdField } from './profile';
import { surgeryIdField } from './surgery';

/**
 * Medical imaging (DICOM) of a surgery. The upload, list and delete paths are the spec's
 * (API_PATHS.surgery.dicom / dicomList); the download path is ours.
 */
export const IMAGING_PATHS = {
  /** GET ?image_id= — the stored DICOM bytes as an attachment (application/dicom). */
  file: '/api/surgery/dicom/file',
} as const;

/**
 * POST /api/surgery/dicom is multipart/form-data: the text fields `user_id` and `surgery_id`
 * first, then one or more file parts (any field name; `files` by convention). All files of one
 * request are stored, or none: the first refused file refuses the whole upload.
 */
export const DICOM_UPLOAD_FIELDS = {
  userId: 'user_id',
  surgeryId: 'surgery_id',
  files: 'files',
} as const;

/** Most files accepted in one upload request. */
export const MAX_DICOM_FILES_PER_UPLOAD = 100;
/** Media type of a stored DICOM file (RFC 3240). */
export const DICOM_MEDIA_TYPE = 'application/dicom';

function quoted(name: string): string {
  return `"${name}"`;
}

function mebibytes(bytes: number): string {
  const mib = bytes / 1_048_576;
  if (mib >= 1) return `${Number.isInteger(mib) ? mib : mib.toFixed(1)} MiB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KiB`;
}

export const IMAGING_MESSAGES = {
  imageIdInvalid: 'image_id must be a positive whole number.',
  notMultipart: 'Send the files as multipart/form-data with the fields user_id and surgery_id.',
  fieldsFirst: 'Send the user_id and surgery_id fields before the files.',
  noFiles: 'Choose at least one DICOM file to upload.',
  unknownField: (name: string) =>
    `The upload has an unexpected field ${quoted(name)}; only user_id, surgery_id and files are accepted.`,
  tooManyFiles: `Upload at most ${MAX_DICOM_FILES_PER_UPLOAD} files at a time.`,
  malformed: 'The upload was cut short or is not well-formed multipart data. Please try again.',
  notDicom: (fileName: string) =>
    `${quoted(fileName)} is not a DICOM file: it has no DICM marker after the 128-byte preamble.`,
  unreadable: (fileName: string) =>
    `${quoted(fileName)} has a DICOM marker but its header could not be read.`,
  tooLarge: (fileName: string, limitBytes: number) =>
    `${quoted(fileName)} is larger than the upload limit of ${mebibytes(limitBytes)}.`,
  notFound: (imageId: number) => `There is no image with id ${imageId}.`,
  fileMissing: (imageId: number) =>
    `The file of image ${imageId} is missing from the file store; upload it again.`,
  deleted: 'Image deleted.',
} as const;

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** The text fields of the multipart upload (validated once both have arrived). */
export const dicomUploadFieldsSchema = z.object({
  user_id: participantIdField(),
  surgery_id: surgeryIdField(),
});
export type DicomUploadFields = z.output<typeof dicomUploadFieldsSchema>;

/** GET /api/surgery/dicom-list?user_id&surgery_id */
export const dicomListQuerySchema = dicomUploadFieldsSchema;
export type DicomListQuery = DicomUploadFields;

/** DELETE /api/surgery/dicom?image_id and GET /api/surgery/dicom/file?image_id */
export const imageIdQuerySchema = z.object({
  image_id: participantIdField(IMAGING_MESSAGES.imageIdInvalid),
});
export type ImageIdQuery = z.output<typeof imageIdQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

/**
 * One stored DICOM file and the header fields read from it; a field the file does not carry
 * is null. `study_date` is the DICOM StudyDate as YYYY-MM-DD.
 */
export const imagingFileSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  surgery_id: z.number().int(),
  original_name: z.string(),
  /** Hex SHA-256 of the bytes; identical files share one stored copy. */
  content_sha256: z.string().regex(/^[0-9a-f]{64}$/),
  size_bytes: z.number().int().nonnegative(),
  modality: z.string().nullable(),
  study_date: z.iso.date().nullable(),
  study_description: z.string().nullable(),
  series_description: z.string().nullable(),
  rows: z.number().int().nullable(),
  columns: z.number().int().nullable(),
  instance_number: z.number().int().nullable(),
  /** Staff id of the uploader (null once that account is deleted). */
  uploaded_by: z.number().int().nullable(),
  uploaded_at: z.iso.datetime({ offset: true }),
});
export type ImagingFile = z.infer<typeof imagingFileSchema>;

/** A surgery's images, newest upload first. */
export const imagingFileListSchema = z.array(imagingFileSchema);

/** Answer to an upload: the stored files, in the order they were sent. */
export const dicomUploadResponseSchema = z.object({ files: imagingFileListSchema });
export type DicomUploadResponse = z.infer<typeof dicomUploadResponseSchema>;

/** Answer to a delete. `file_removed`: false when another image still uses the same bytes. */
export const dicomDeleteResponseSchema = z.object({
  message: z.string(),
  id: z.number().int(),
  file_removed: z.boolean(),
});
export type DicomDeleteResponse = z.infer<typeof dicomDeleteResponseSchema>;
