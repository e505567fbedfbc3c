import { open, type FileHandle } from 'node:fs/promises';
import { data, log, type DicomDataset } from 'dcmjs';

// dcmjs warns through the console; file contents (and so PHI) must never reach the logs.
log.setLevel('silent');
log.getLogger('validation.dcmjs').setLevel('silent');

/** A Part 10 file starts with a 128-byte preamble followed by the magic 'DICM'. */
export const DICOM_PREAMBLE_BYTES = 128;
const MAGIC = 'DICM';
const MAGIC_END = DICOM_PREAMBLE_BYTES + MAGIC.length;

/**
 * dcmjs parses from an in-memory buffer, so only a prefix of the file is read: enough for the
 * header in practice (64 KiB), growing when the header is longer, never beyond 8 MiB. Pixel
 * data, which makes up nearly all of a large file, is never read.
 */
const PREFIX_STEPS = [64 * 1024, 1024 * 1024, 8 * 1024 * 1024] as const;

/**
 * Parsing stops at Columns (0028,0011), the highest tag we need, or at the first top-level tag
 * after it; dcmjs's `stopOnGreaterTag` applies to the top level only, so sequences still parse.
 */
const LAST_NEEDED_TAG = '00280011';

/** dcmjs inflates a deflated dataset whole: such files only ever get the first, small prefix. */
const DEFLATED_TRANSFER_SYNTAX = '1.2.840.10008.1.2.1.99';

const TAGS = {
  sopClassUid: '00080016',
  sopInstanceUid: '00080018',
  studyDate: '00080020',
  modality: '00080060',
  studyDescription: '00081030',
  seriesDescription: '0008103E',
  studyInstanceUid: '0020000D',
  seriesInstanceUid: '0020000E',
  instanceNumber: '00200013',
  rows: '00280010',
  columns: '00280011',
} as const;

/** Header fields kept with an image; null when the file does not carry them. */
export interface DicomMetadata {
  modality: string | null;
  /** YYYY-MM-DD */
  studyDate: string | null;
  studyDescription: string | null;
  seriesDescription: string | null;
  rows: number | null;
  columns: number | null;
  instanceNumber: number | null;
  /** Study Instance UID (0020,000D), dotted digits. */
  studyInstanceUid: string | null;
  /** Series Instance UID (0020,000E). */
  seriesInstanceUid: string | null;
  /** SOP Instance UID (0008,0018). */
  sopInstanceUid: string | null;
  /** SOP Class UID (0008,0016). */
  sopClassUid: string | null;
}

export type DicomInspection =
  | { kind: 'dicom'; metadata: DicomMetadata }
  /** No 'DICM' marker after the preamble (or too short to have one). */
  | { kind: 'not-dicom' }
  /** The marker is there but the header does not parse. */
  | { kind: 'unreadable' };

async function readPrefix(handle: FileHandle, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  let offset = 0;
  while (offset < length) {
    const { bytesRead } = await handle.read(buffer, offset, length - offset, offset);
    if (bytesRead === 0) break;
    offset += bytesRead;
  }
  return buffer.subarray(0, offset);
}

/** Explicit-VR elements whose length takes 4 bytes (after 2 reserved ones). */
export const LONG_VRS = new Set([
  'OB',
  'OD',
  'OF',
  'OL',
  'OV',
  'OW',
  'SQ',
  'SV',
  'UC',
  'UN',
  'UR',
  'UT',
  'UV',
]);

/**
 * The transfer syntax UID from the file meta group (always explicit VR little endian), or null.
 * A few lines of our own so that deflated files can be kept away from dcmjs's whole-file inflate.
 */
export function transferSyntaxOf(prefix: Buffer): string | null {
  let offset = MAGIC_END;
  while (offset + 8 <= prefix.length) {
    const group = prefix.readUInt16LE(offset);
    const element = prefix.readUInt16LE(offset + 2);
    if (group !== 0x0002) return null;
    const vr = prefix.toString('latin1', offset + 4, offset + 6);
    let length: number;
    let header: number;
    if (LONG_VRS.has(vr)) {
      if (offset + 12 > prefix.length) return null;
      length = prefix.readUInt32LE(offset + 8);
      header = 12;
    } else {
      length = prefix.readUInt16LE(offset + 6);
      header = 8;
    }
    if (element === 0x0010) {
      const end = Math.min(prefix.length, offset + header + length);
      return prefix.toString('latin1', offset + header, end).replace(/[\0 ]+$/, '');
    }
    offset += header + length;
  }
  return null;
}

/** Replaces C0 control characters and DEL (PostgreSQL text cannot even hold NUL). */
export function replaceControlCharacters(value: string, replacement: string): string {
  let result = '';
  for (const char of value) {
    const code = char.charCodeAt(0);
    result += code < 0x20 || code === 0x7f ? replacement : char;
  }
  return result;
}

/** Text of an element: trimmed, without control characters, capped. */
function text(dataset: DicomDataset, tag: string): string | null {
  const value = dataset[tag]?.Value?.[0];
  if (typeof value !== 'string') return null;
  const cleaned = replaceControlCharacters(value, ' ').trim().slice(0, 1024);
  return cleaned || null;
}

/**
 * A UID (VR UI): components of digits separated by dots, at most 64 characters (DICOM PS3.5
 * 9.1); anything else is not kept, since it would be passed on as an identifier.
 */
function uid(dataset: DicomDataset, tag: string): string | null {
  const value = text(dataset, tag);
  return value && value.length <= 64 && /^(0|[1-9]\d*)(\.(0|[1-9]\d*))*$/.test(value)
    ? value
    : null;
}

/** A whole number that fits a PostgreSQL integer, or null. */
function integer(dataset: DicomDataset, tag: string): number | null {
  const value = dataset[tag]?.Value?.[0];
  const number = typeof value === 'string' ? Number(value.trim()) : value;
  return typeof number === 'number' && Number.isInteger(number) && Math.abs(number) <= 2_147_483_647
    ? number
    : null;
}

/** DICOM DA ('YYYYMMDD', or the old 'YYYY.MM.DD') as YYYY-MM-DD when it is a real day. */
function isoDate(dataset: DicomDataset, tag: string): string | null {
  const raw = text(dataset, tag)?.replace(/\./g, '');
  if (!raw || !/^\d{8}$/.test(raw)) return null;
  const iso = `${raw.slice(0, 4)}-${raw.slice(4, 6)}-${raw.slice(6, 8)}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(iso) ? iso : null;
}

function metadataOf(dataset: DicomDataset): DicomMetadata {
  return {
    modality: text(dataset, TAGS.modality),
    studyDate: isoDate(dataset, TAGS.studyDate),
    studyDescription: text(dataset, TAGS.studyDescription),
    seriesDescription: text(dataset, TAGS.seriesDescription),
    rows: integer(dataset, TAGS.rows),
    columns: integer(dataset, TAGS.columns),
    instanceNumber: integer(dataset, TAGS.instanceNumber),
    studyInstanceUid: uid(dataset, TAGS.studyInstanceUid),
    seriesInstanceUid: uid(dataset, TAGS.seriesInstanceUid),
    sopInstanceUid: uid(dataset, TAGS.sopInstanceUid),
    sopClassUid: uid(dataset, TAGS.sopClassUid),
  };
}

function parseHeader(prefix: Buffer): DicomDataset | null {
  // dcmjs wants an ArrayBuffer holding exactly the bytes to parse.
  const bytes = prefix.buffer.slice(prefix.byteOffset, prefix.byteOffset + prefix.length);
  try {
    return data.DicomMessage.readFile(bytes as ArrayBuffer, {
      untilTag: LAST_NEEDED_TAG,
      includeUntilTagValue: true,
      stopOnGreaterTag: true,
      ignoreErrors: false,
    }).dict;
  } catch {
    return null;
  }
}

/**
 * Checks that a stored upload is a DICOM Part 10 file (preamble + 'DICM', a header dcmjs can
 * parse) and reads the fields kept with it. Reads a bounded prefix, never the whole file.
 */
export async function inspectDicomFile(
  filePath: string,
  sizeBytes: number,
): Promise<DicomInspection> {
  if (sizeBytes < MAGIC_END) return { kind: 'not-dicom' };
  const handle = await open(filePath, 'r');
  try {
    let prefix = await readPrefix(handle, Math.min(sizeBytes, PREFIX_STEPS[0]));
    if (prefix.toString('latin1', DICOM_PREAMBLE_BYTES, MAGIC_END) !== MAGIC) {
      return { kind: 'not-dicom' };
    }
    const steps = transferSyntaxOf(prefix) === DEFLATED_TRANSFER_SYNTAX ? 1 : PREFIX_STEPS.length;
    let best: DicomDataset | null = null;
    for (let step = 0; step < steps; step += 1) {
      if (step > 0) prefix = await readPrefix(handle, Math.min(sizeBytes, PREFIX_STEPS[step] ?? 0));
      const parsed = parseHeader(prefix);
      if (parsed) best = parsed;
      // A parse that ran out of bytes either failed or stopped before Columns: read more.
      if (prefix.length >= sizeBytes || parsed?.[TAGS.columns]) break;
    }
    return best ? { kind: 'dicom', metadata: metadataOf(best) } : { kind: 'unreadable' };
  } finally {
    await handle.close();
  }
}
