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
  /** Study and Series Instance UIDs (default: random, so each file is a study of its own). */
  studyInstanceUid?: string;
  seriesInstanceUid?: string;
  /** Leave out the four UIDs of the dataset (an old or non-conformant file). */
  withoutUids?: boolean;
  /** Leave out the Pixel Data element (for a header to which a test appends its own). */
  withoutPixelData?: boolean;
  /** Transfer syntax UID (default explicit VR little endian). */
  transferSyntax?: string;
  /** Replaces the default 16-bit MONOCHROME2 Image Pixel attributes. */
  pixelModule?: TestPixelModule;
  /** The Pixel Data bytes exactly as stored (see samples8/samples16); default: a 16-bit ramp. */
  pixelBytes?: Uint8Array;
  /** VR of Pixel Data (default OW, or OB for 8-bit samples). */
  pixelVr?: 'OB' | 'OW';
  /** More elements before Pixel Data (sequences, private tags) the reader must step over. */
  extraElements?: DicomDataset;
}

/** Image Pixel attributes of a test image; an attribute left undefined is not written. */
export interface TestPixelModule {
  photometric?: string;
  samplesPerPixel?: number;
  planarConfiguration?: 0 | 1;
  bitsAllocated?: number;
  bitsStored?: number;
  highBit?: number;
  pixelRepresentation?: 0 | 1;
  frames?: number;
  windowCenter?: number;
  windowWidth?: number;
  rescaleSlope?: number;
  rescaleIntercept?: number;
}

const CT_IMAGE_STORAGE = '1.2.840.10008.5.1.4.1.1.2';
const EXPLICIT_VR_LITTLE_ENDIAN = '1.2.840.10008.1.2.1';

export const TRANSFER_SYNTAXES = {
  implicitLittleEndian: '1.2.840.10008.1.2',
  explicitLittleEndian: EXPLICIT_VR_LITTLE_ENDIAN,
  explicitBigEndian: '1.2.840.10008.1.2.2',
  jpeg2000: '1.2.840.10008.1.2.4.90',
  jpegBaseline: '1.2.840.10008.1.2.4.50',
  rle: '1.2.840.10008.1.2.5',
  deflated: '1.2.840.10008.1.2.1.99',
} as const;

/** 8-bit samples as Pixel Data bytes. */
export function samples8(values: readonly number[]): Uint8Array {
  return Uint8Array.from(values);
}

/** 16-bit samples (two's complement when negative) as Pixel Data bytes, in either byte order. */
export function samples16(values: readonly number[], bigEndian = false): Uint8Array {
  const bytes = Buffer.alloc(values.length * 2);
  values.forEach((value, i) => {
    const word = value & 0xffff;
    if (bigEndian) bytes.writeUInt16BE(word, i * 2);
    else bytes.writeUInt16LE(word, i * 2);
  });
  return new Uint8Array(bytes);
}

const DEFAULT_PIXEL_MODULE: TestPixelModule = {
  photometric: 'MONOCHROME2',
  samplesPerPixel: 1,
  bitsAllocated: 16,
  bitsStored: 12,
  highBit: 11,
  pixelRepresentation: 0,
};

/** The Image Pixel attributes as dcmjs dataset entries. */
function pixelModuleElements(module: TestPixelModule): DicomDataset {
  const elements: DicomDataset = {};
  const put = (tag: string, vr: string, value: number | string | undefined) => {
    if (value !== undefined) elements[tag] = { vr, Value: [value] };
  };
  put('00280002', 'US', module.samplesPerPixel);
  put('00280004', 'CS', module.photometric);
  put('00280006', 'US', module.planarConfiguration);
  put('00280008', 'IS', module.frames);
  put('00280100', 'US', module.bitsAllocated);
  put('00280101', 'US', module.bitsStored);
  put('00280102', 'US', module.highBit);
  put('00280103', 'US', module.pixelRepresentation);
  put('00281050', 'DS', module.windowCenter);
  put('00281051', 'DS', module.windowWidth);
  put('00281052', 'DS', module.rescaleIntercept);
  put('00281053', 'DS', module.rescaleSlope);
  return elements;
}

/** A random UID under the UUID-derived root 2.25 (DICOM PS3.5 B.2). */
export function testUid(): string {
  return `2.25.${BigInt(`0x${randomBytes(15).toString('hex')}`).toString()}`;
}

/**
 * A small, valid DICOM Part 10 file written with dcmjs: 128-byte preamble, 'DICM', the file
 * meta group (explicit VR little endian), then the given header fields and 16-bit pixel data.
 */
export function buildDicom(options: TestDicomOptions = {}): Buffer {
  const rows = options.rows ?? 4;
  const columns = options.columns ?? 3;
  const sop = options.sopInstanceUid ?? testUid();
  const meta: DicomDataset = {
    '00020001': { vr: 'OB', Value: [new Uint8Array([0, 1]).buffer] },
    '00020002': { vr: 'UI', Value: [CT_IMAGE_STORAGE] },
    '00020003': { vr: 'UI', Value: [sop] },
    '00020010': { vr: 'UI', Value: [options.transferSyntax ?? EXPLICIT_VR_LITTLE_ENDIAN] },
    '00020012': { vr: 'UI', Value: ['1.2.826.0.1.3680043.10.1'] },
  };
  const uids: DicomDataset = options.withoutUids
    ? {}
    : {
        '00080016': { vr: 'UI', Value: [CT_IMAGE_STORAGE] },
        '00080018': { vr: 'UI', Value: [sop] },
        '0020000D': { vr: 'UI', Value: [options.studyInstanceUid ?? testUid()] },
        '0020000E': { vr: 'UI', Value: [options.seriesInstanceUid ?? testUid()] },
      };
  const dataset: DicomDataset = {
    ...uids,
    '00080020': { vr: 'DA', Value: [options.studyDate ?? '20250314'] },
    '00080060': { vr: 'CS', Value: [options.modality ?? 'CT'] },
    '00081030': { vr: 'LO', Value: [options.studyDescription ?? 'Knee CT pre-op'] },
    '0008103E': { vr: 'LO', Value: [options.seriesDescription ?? 'Axial 1.0 mm'] },
    '00100010': { vr: 'PN', Value: [{ Alphabetic: 'Test^Patient' }] },
    '00200013': { vr: 'IS', Value: [options.instanceNumber ?? 7] },
    '00280010': { vr: 'US', Value: [rows] },
    '00280011': { vr: 'US', Value: [columns] },
    ...pixelModuleElements(options.pixelModule ?? DEFAULT_PIXEL_MODULE),
    ...options.extraElements,
  };
  if (!options.withoutPixelData) {
    const pixels =
      options.pixelBytes ??
      samples16(Array.from({ length: rows * columns }, (_, i) => (i * 37) % 4096));
    // dcmjs writes an ArrayBuffer whole: copy out exactly these bytes.
    const buffer = pixels.buffer.slice(pixels.byteOffset, pixels.byteOffset + pixels.byteLength);
    const vr = options.pixelVr ?? (options.pixelModule?.bitsAllocated === 8 ? 'OB' : 'OW');
    dataset['7FE00010'] = { vr, Value: [buffer] };
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
