import * as z from 'zod/mini';
import { participantIdField } from './participants';
import { surgeryIdField } from './surgery';

/**
 * Medical imaging (DICOM) of a surgery. The upload, list and delete paths are the spec's
 * (API_PATHS.surgery.dicom / dicomList); the download path is ours.
 */
export const IMAGING_PATHS = {
  /** GET ?image_id= — the stored DICOM bytes as an attachment (application/dicom). */
  file: '/api/surgery/dicom/file',
  /** GET ?image_id= — a PNG rendering of the image (image/png), where the data allows one. */
  preview: '/api/surgery/dicom/preview',
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
/** Media type of a rendered preview. */
export const PREVIEW_MEDIA_TYPE = 'image/png';
/** A preview's longest side in pixels; larger images are scaled down, smaller ones kept. */
export const PREVIEW_MAX_SIDE = 512;

/**
 * Whether the preview call can render an image, as read from its file at upload:
 * - AVAILABLE: uncompressed greyscale or colour pixels the preview renders;
 * - COMPRESSED: the pixels are compressed (JPEG, JPEG 2000, RLE …), which previews do not decode;
 * - NO_PIXEL_DATA: the file holds no image (a report, say);
 * - UNSUPPORTED: pixels of a kind previews do not show (palette colour, 32-bit, floating point);
 * - UNREADABLE: the header or the pixel data is damaged.
 */
export const PREVIEW_STATUSES = [
  'AVAILABLE',
  'COMPRESSED',
  'NO_PIXEL_DATA',
  'UNSUPPORTED',
  'UNREADABLE',
] as const;
export type StoredPreviewStatus = (typeof PREVIEW_STATUSES)[number];
/** FILE_MISSING: an image uploaded before previews existed whose file has since gone. */
export const previewStatusSchema = z.enum([...PREVIEW_STATUSES, 'FILE_MISSING']);
export type PreviewStatus = z.infer<typeof previewStatusSchema>;

/** The short text shown instead of a thumbnail. */
export const PREVIEW_UNAVAILABLE_LABELS: Record<Exclude<PreviewStatus, 'AVAILABLE'>, string> = {
  COMPRESSED: 'No preview for compressed images',
  NO_PIXEL_DATA: 'No image to preview',
  UNSUPPORTED: 'No preview for this image type',
  UNREADABLE: 'No preview: damaged image data',
  FILE_MISSING: 'No preview: file missing',
};

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
  previewCompressed: (fileName: string, format: string) =>
    `No preview: ${quoted(fileName)} is compressed as ${format}.`,
  previewNoPixelData: (fileName: string) => `No preview: ${quoted(fileName)} holds no pixel data.`,
  previewTransferSyntax: (fileName: string, uid: string) =>
    `No preview: ${quoted(fileName)} uses the transfer syntax ${uid}, which previews cannot read.`,
  previewPhotometric: (fileName: string, photometric: string) =>
    `No preview: ${quoted(fileName)} stores its pixels as ${photometric}; previews show MONOCHROME1, MONOCHROME2, RGB and YBR_FULL images.`,
  previewSamples: (fileName: string, photometric: string, samples: number) =>
    `No preview: the pixel description of ${quoted(fileName)} does not fit together (${photometric}, samples per pixel ${samples}).`,
  previewBits: (fileName: string, bits: number) =>
    `No preview: ${quoted(fileName)} has ${bits}-bit samples; previews show 8- and 16-bit images.`,
  previewFloat: (fileName: string) =>
    `No preview: ${quoted(fileName)} stores floating-point pixels, which previews do not show.`,
  previewNoSize: (fileName: string) =>
    `No preview: ${quoted(fileName)} does not say how many rows and columns its image has.`,
  previewShort: (fileName: string) =>
    `No preview: the pixel data of ${quoted(fileName)} is shorter than its rows, columns and frames say.`,
  previewUnreadable: (fileName: string) =>
    `No preview: the header of ${quoted(fileName)} could not be read up to its pixel data.`,
} as const;

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** A participant and one of their surgeries. */
const participantSurgeryFields = z.object({
  user_id: participantIdField(),
  surgery_id: surgeryIdField(),
});
/** The text fields of the multipart upload (validated once both have arrived). */
export const dicomUploadFieldsSchema = participantSurgeryFields;
export type DicomUploadFields = z.output<typeof dicomUploadFieldsSchema>;

/** GET /api/surgery/dicom-list?user_id&surgery_id */
export const dicomListQuerySchema = participantSurgeryFields;

/** DELETE /api/surgery/dicom?image_id, GET /api/surgery/dicom/file?image_id and …/preview */
export const imageIdQuerySchema = z.object({
  image_id: participantIdField(IMAGING_MESSAGES.imageIdInvalid),
});

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

/**
 * One stored DICOM file and the header fields read from it; a field the file does not carry
 * is null. `study_date` is the DICOM StudyDate as YYYY-MM-DD.
 */
export const imagingFileSchema = z.object({
  id: z.int(),
  user_id: z.int(),
  surgery_id: z.int(),
  original_name: z.string(),
  /** Hex SHA-256 of the bytes; identical files share one stored copy. */
  content_sha256: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  size_bytes: z.int().check(z.nonnegative()),
  modality: z.nullable(z.string()),
  study_date: z.nullable(z.iso.date()),
  study_description: z.nullable(z.string()),
  series_description: z.nullable(z.string()),
  rows: z.nullable(z.int()),
  columns: z.nullable(z.int()),
  instance_number: z.nullable(z.int()),
  /** Whether GET IMAGING_PATHS.preview can render this image (else it answers why, 4xx). */
  preview: previewStatusSchema,
  /** Staff id of the uploader (null once that account is deleted). */
  uploaded_by: z.nullable(z.int()),
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
  id: z.int(),
  file_removed: z.boolean(),
});
export type DicomDeleteResponse = z.infer<typeof dicomDeleteResponseSchema>;
