import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { data, type DicomDataset } from 'dcmjs';

/** Test-only helpers for the imaging API tests (not used by the server). */

export interface TestDicomOptions {
  modality?: string;
  /** DICOM DA, YYYYMMDD */
  studyDate?: string;
  studyDescription?: string;
  seriesDescription?: string;
  rows?: number;
  columns?: number;
  instanceNumber?: number;
  /** Makes the bytes unique (default: random). */
  sopInstanceUid?: string;
  /** Leave out the Pixel Data element (for a header to which a test appends its own). */
  withoutPixelData?: boolean;
}

const CT_IMAGE_STORAGE = '1.2.840.10008.5.1.4.1.1.2';
const EXPLICIT_VR_LITTLE_ENDIAN = '1.2.840.10008.1.2.1';

function uid(): string {
  return `2.25.${BigInt(`0x${randomBytes(15).toString('hex')}`).toString()}`;
}

/**
 * A small, valid DICOM Part 10 file written with dcmjs: 128-byte preamble, 'DICM', the file
 * meta group (explicit VR little endian), then the given header fields and 16-bit pixel data.
 */
export function buildDicom(options: TestDicomOptions = {}): Buffer {
  const rows = options.rows ?? 4;
  const columns = options.columns ?? 3;
  const sop = options.sopInstanceUid ?? uid();
  const meta: DicomDataset = {
    '00020001': { vr: 'OB', Value: [new Uint8Array([0, 1]).buffer] },
    '00020002': { vr: 'UI', Value: [CT_IMAGE_STORAGE] },
    '00020003': { vr: 'UI', Value: [sop] },
    '00020010': { vr: 'UI', Value: [EXPLICIT_VR_LITTLE_ENDIAN] },
    '00020012': { vr: 'UI', Value: ['1.2.826.0.1.3680043.10.1'] },
  };
  const dataset: DicomDataset = {
    '00080016': { vr: 'UI', Value: [CT_IMAGE_STORAGE] },
    '00080018': { vr: 'UI', Value: [sop] },
    '00080020': { vr: 'DA', Value: [options.studyDate ?? '20250314'] },
    '00080060': { vr: 'CS', Value: [options.modality ?? 'CT'] },
    '00081030': { vr: 'LO', Value: [options.studyDescription ?? 'Knee CT pre-op'] },
    '0008103E': { vr: 'LO', Value: [options.seriesDescription ?? 'Axial 1.0 mm'] },
    '00100010': { vr: 'PN', Value: [{ Alphabetic: 'Test^Patient' }] },
    '00200013': { vr: 'IS', Value: [options.instanceNumber ?? 7] },
    '00280002': { vr: 'US', Value: [1] },
    '00280004': { vr: 'CS', Value: ['MONOCHROME2'] },
    '00280010': { vr: 'US', Value: [rows] },
    '00280011': { vr: 'US', Value: [columns] },
    '00280100': { vr: 'US', Value: [16] },
    '00280101': { vr: 'US', Value: [12] },
    '00280102': { vr: 'US', Value: [11] },
    '00280103': { vr: 'US', Value: [0] },
  };
  if (!options.withoutPixelData) {
    const pixels = new Uint16Array(rows * columns).map((_, i) => (i * 37) % 4096);
    dataset['7FE00010'] = { vr: 'OW', Value: [pixels.buffer] };
  }
  const dict = new data.DicomDict(meta);
  dict.dict = dataset;
  return Buffer.from(dict.write());
}

/** The header of an explicit-VR-little-endian Pixel Data element holding `length` bytes. */
export function pixelDataElementHeader(length: number): Buffer {
  const header = Buffer.alloc(12);
  header.writeUInt16LE(0x7fe0, 0);
  header.writeUInt16LE(0x0010, 2);
  header.write('OW', 4, 'latin1');
  header.writeUInt32LE(length, 8);
  return header;
}

/**
 * A DICOM file of about `totalBytes` generated as a stream (header, then zeroed pixel data in
 * 1 MiB chunks), so a test can send hundreds of megabytes without holding them.
 */
export function streamedDicom(totalBytes: number): { stream: Readable; size: number } {
  const header = buildDicom({ withoutPixelData: true, rows: 512, columns: 512 });
  // Even length, as DICOM requires.
  const pixelBytes = Math.max(0, totalBytes - header.length - 12) & ~1;
  const chunk = Buffer.alloc(1024 * 1024);
  function* pieces() {
    yield header;
    yield pixelDataElementHeader(pixelBytes);
    for (let left = pixelBytes; left > 0; left -= chunk.length) {
      yield left >= chunk.length ? chunk : chunk.subarray(0, left);
    }
  }
  return {
    stream: Readable.from(pieces(), { objectMode: false }),
    size: header.length + 12 + pixelBytes,
  };
}

export type MultipartPart =
  | { name: string; value: string }
  | { name: string; filename: string; content: Buffer; contentType?: string };

const CRLF = '\r\n';

function partHead(boundary: string, part: MultipartPart): string {
  if ('value' in part) {
    return `--${boundary}${CRLF}Content-Disposition: form-data; name="${part.name}"${CRLF}${CRLF}`;
  }
  return (
    `--${boundary}${CRLF}Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"${CRLF}` +
    `Content-Type: ${part.contentType ?? 'application/dicom'}${CRLF}${CRLF}`
  );
}

/** A multipart/form-data body built by hand, as a browser's FormData would send it. */
export function multipartBody(parts: readonly MultipartPart[]): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----rp-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(partHead(boundary, part), 'utf8'));
    chunks.push('value' in part ? Buffer.from(part.value, 'utf8') : part.content);
    chunks.push(Buffer.from(CRLF));
  }
  chunks.push(Buffer.from(`--${boundary}--${CRLF}`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A multipart body with fields and one streamed file, generated as it is read. */
export function streamedMultipartBody(
  fields: readonly { name: string; value: string }[],
  file: { name: string; filename: string; stream: Readable },
): { payload: Readable; headers: Record<string, string> } {
  const boundary = `----rp-test-${randomBytes(8).toString('hex')}`;
  async function* pieces() {
    for (const field of fields) {
      yield Buffer.from(partHead(boundary, field) + field.value + CRLF, 'utf8');
    }
    yield Buffer.from(
      partHead(boundary, { name: file.name, filename: file.filename, content: Buffer.alloc(0) }),
      'utf8',
    );
    for await (const chunk of file.stream) yield chunk as Buffer;
    yield Buffer.from(`${CRLF}--${boundary}--${CRLF}`);
  }
  return {
    payload: Readable.from(pieces(), { objectMode: false }),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
