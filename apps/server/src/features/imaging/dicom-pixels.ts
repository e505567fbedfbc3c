import { open, type FileHandle } from 'node:fs/promises';
import { IMAGING_MESSAGES, type StoredPreviewStatus } from '@recovery-portal/contract/imaging';
import { DICOM_PREAMBLE_BYTES } from '#app/core/imaging/dicom-header';
import { LONG_VRS } from '#app/core/imaging/dicom-header';

/**
 * Where a DICOM file keeps its pixels and how to read them, for the preview.
 *
 * dcmjs parses from an in-memory buffer and does not say where Pixel Data starts, so this
 * walks the element headers itself with small positional reads: values are skipped, never
 * loaded, except the dozen Image Pixel attributes the preview needs. Memory stays at one read
 * window however large the file.
 */

/** Display model of the pixels, after the checks: what the preview can render. */
export type Photometric = 'MONOCHROME1' | 'MONOCHROME2' | 'RGB' | 'YBR_FULL';

export interface PixelLayout {
  rows: number;
  columns: number;
  samplesPerPixel: 1 | 3;
  /** 0: samples interleaved per pixel (RGBRGB…); 1: one plane per sample (RR…GG…BB…). */
  planarConfiguration: 0 | 1;
  bytesPerSample: 1 | 2;
  bitsStored: number;
  highBit: number;
  signed: boolean;
  littleEndian: boolean;
  photometric: Photometric;
  rescaleSlope: number;
  rescaleIntercept: number;
  /** VOI window of the file (its first one), or null to stretch the frame's min…max. */
  window: { center: number; width: number } | null;
  frames: number;
  /** The frame the preview shows: the middle one. */
  frameIndex: number;
  /** Absolute file offset of that frame's first byte. */
  frameOffset: number;
}

export type PixelInspection =
  | { status: 'AVAILABLE'; layout: PixelLayout }
  | {
      status: Exclude<StoredPreviewStatus, 'AVAILABLE'>;
      /** The sentence the preview call answers with, naming the file. */
      describe: (fileName: string) => string;
    };

type Refusal = Exclude<PixelInspection, { status: 'AVAILABLE' }>;

const IMPLICIT_LITTLE_ENDIAN = '1.2.840.10008.1.2';
const EXPLICIT_LITTLE_ENDIAN = '1.2.840.10008.1.2.1';
const EXPLICIT_BIG_ENDIAN = '1.2.840.10008.1.2.2';
const DEFLATED = '1.2.840.10008.1.2.1.99';
const JPEG_FAMILY = '1.2.840.10008.1.2.4.';

/** Compressed transfer syntaxes by name, for the refusal sentence. */
const COMPRESSED_FORMATS: Readonly<Record<string, string>> = {
  [DEFLATED]: 'Deflate',
  '1.2.840.10008.1.2.1.98': 'encapsulated fragments',
  '1.2.840.10008.1.2.4.50': 'JPEG Baseline',
  '1.2.840.10008.1.2.4.51': 'JPEG Extended',
  '1.2.840.10008.1.2.4.57': 'JPEG Lossless',
  '1.2.840.10008.1.2.4.70': 'JPEG Lossless',
  '1.2.840.10008.1.2.4.80': 'JPEG-LS',
  '1.2.840.10008.1.2.4.81': 'JPEG-LS',
  '1.2.840.10008.1.2.4.90': 'JPEG 2000',
  '1.2.840.10008.1.2.4.91': 'JPEG 2000',
  '1.2.840.10008.1.2.4.92': 'JPEG 2000',
  '1.2.840.10008.1.2.4.93': 'JPEG 2000',
  '1.2.840.10008.1.2.4.94': 'JPEG 2000 (JPIP)',
  '1.2.840.10008.1.2.4.95': 'JPEG 2000 (JPIP)',
  '1.2.840.10008.1.2.4.100': 'MPEG-2 video',
  '1.2.840.10008.1.2.4.101': 'MPEG-2 video',
  '1.2.840.10008.1.2.4.102': 'MPEG-4 video',
  '1.2.840.10008.1.2.4.103': 'MPEG-4 video',
  '1.2.840.10008.1.2.4.104': 'MPEG-4 video',
  '1.2.840.10008.1.2.4.105': 'MPEG-4 video',
  '1.2.840.10008.1.2.4.106': 'MPEG-4 video',
  '1.2.840.10008.1.2.4.107': 'HEVC video',
  '1.2.840.10008.1.2.4.108': 'HEVC video',
  '1.2.840.10008.1.2.4.110': 'JPEG XL',
  '1.2.840.10008.1.2.4.111': 'JPEG XL',
  '1.2.840.10008.1.2.4.112': 'JPEG XL',
  '1.2.840.10008.1.2.4.201': 'High-Throughput JPEG 2000',
  '1.2.840.10008.1.2.4.202': 'High-Throughput JPEG 2000',
  '1.2.840.10008.1.2.4.203': 'High-Throughput JPEG 2000',
  '1.2.840.10008.1.2.4.204': 'High-Throughput JPEG 2000',
  '1.2.840.10008.1.2.5': 'RLE',
};

interface Syntax {
  explicit: boolean;
  littleEndian: boolean;
}
const META_SYNTAX: Syntax = { explicit: true, littleEndian: true };
const SYNTAXES: Readonly<Record<string, Syntax>> = {
  [IMPLICIT_LITTLE_ENDIAN]: { explicit: false, littleEndian: true },
  [EXPLICIT_LITTLE_ENDIAN]: META_SYNTAX,
  [EXPLICIT_BIG_ENDIAN]: { explicit: true, littleEndian: false },
};

const tag = (group: number, element: number) => ((group << 16) | element) >>> 0;

const TAGS = {
  transferSyntax: tag(0x0002, 0x0010),
  samplesPerPixel: tag(0x0028, 0x0002),
  photometric: tag(0x0028, 0x0004),
  planarConfiguration: tag(0x0028, 0x0006),
  numberOfFrames: tag(0x0028, 0x0008),
  rows: tag(0x0028, 0x0010),
  columns: tag(0x0028, 0x0011),
  bitsAllocated: tag(0x0028, 0x0100),
  bitsStored: tag(0x0028, 0x0101),
  highBit: tag(0x0028, 0x0102),
  pixelRepresentation: tag(0x0028, 0x0103),
  windowCenter: tag(0x0028, 0x1050),
  windowWidth: tag(0x0028, 0x1051),
  rescaleIntercept: tag(0x0028, 0x1052),
  rescaleSlope: tag(0x0028, 0x1053),
  floatPixelData: tag(0x7fe0, 0x0008),
  doubleFloatPixelData: tag(0x7fe0, 0x0009),
  pixelData: tag(0x7fe0, 0x0010),
  item: tag(0xfffe, 0xe000),
  itemDelimiter: tag(0xfffe, 0xe00d),
  sequenceDelimiter: tag(0xfffe, 0xe0dd),
} as const;

/** The attributes read, and how: binary unsigned shorts or text (CS, IS, DS, UI). */
const WANTED = new Map<number, 'us' | 'text'>([
  [TAGS.samplesPerPixel, 'us'],
  [TAGS.photometric, 'text'],
  [TAGS.planarConfiguration, 'us'],
  [TAGS.numberOfFrames, 'text'],
  [TAGS.rows, 'us'],
  [TAGS.columns, 'us'],
  [TAGS.bitsAllocated, 'us'],
  [TAGS.bitsStored, 'us'],
  [TAGS.highBit, 'us'],
  [TAGS.pixelRepresentation, 'us'],
  [TAGS.windowCenter, 'text'],
  [TAGS.windowWidth, 'text'],
  [TAGS.rescaleIntercept, 'text'],
  [TAGS.rescaleSlope, 'text'],
]);
/** Longer values of these attributes are nonsense; they are skipped, not read. */
const MAX_WANTED_VALUE_BYTES = 256;

const UNDEFINED_LENGTH = 0xffffffff;
const TEXT_VRS = new Set(['AE', 'AS', 'CS', 'DA', 'DS', 'DT', 'IS', 'LO', 'SH', 'TM', 'UI']);
/** Deeper nesting than this only comes from crafted files. */
const MAX_DEPTH = 32;
/** Bounds the walk over a file of nothing but tiny elements. */
const MAX_ELEMENTS = 1_000_000;
const READ_WINDOW_BYTES = 64 * 1024;

/** The header is not what DICOM says it must be: the walk cannot go on. */
class MalformedDicom extends Error {}

/** Positional reads through one reused window, so walking many small headers costs few reads. */
class FileWindow {
  private buffer = Buffer.alloc(0);
  private start = 0;

  constructor(
    private readonly handle: FileHandle,
    readonly size: number,
  ) {}

  /** `length` bytes at `offset`; throws MalformedDicom past the end of the file. */
  async bytes(offset: number, length: number): Promise<Buffer> {
    if (offset < 0 || offset + length > this.size) throw new MalformedDicom('past the end');
    if (offset < this.start || offset + length > this.start + this.buffer.length) {
      const size = Math.min(Math.max(length, READ_WINDOW_BYTES), this.size - offset);
      const buffer = Buffer.alloc(size);
      let filled = 0;
      while (filled < size) {
        const { bytesRead } = await this.handle.read(
          buffer,
          filled,
          size - filled,
          offset + filled,
        );
        if (bytesRead === 0) throw new MalformedDicom('file shrank');
        filled += bytesRead;
      }
      this.buffer = buffer;
      this.start = offset;
    }
    return this.buffer.subarray(offset - this.start, offset - this.start + length);
  }
}

interface ElementHeader {
  tag: number;
  /** null for implicit VR and for items and delimiters. */
  vr: string | null;
  length: number;
  valueOffset: number;
}

async function readHeader(
  file: FileWindow,
  offset: number,
  syntax: Syntax,
): Promise<ElementHeader> {
  const head = await file.bytes(offset, 8);
  const le = syntax.littleEndian;
  const group = le ? head.readUInt16LE(0) : head.readUInt16BE(0);
  const element = le ? head.readUInt16LE(2) : head.readUInt16BE(2);
  const elementTag = tag(group, element);
  // Items and delimiters never carry a VR, even in explicit syntaxes.
  if (group === 0xfffe || !syntax.explicit) {
    const length = le ? head.readUInt32LE(4) : head.readUInt32BE(4);
    return { tag: elementTag, vr: null, length, valueOffset: offset + 8 };
  }
  const vr = head.toString('latin1', 4, 6);
  if (!/^[A-Z]{2}$/.test(vr)) throw new MalformedDicom('bad VR');
  if (LONG_VRS.has(vr)) {
    const long = await file.bytes(offset + 8, 4);
    const length = le ? long.readUInt32LE(0) : long.readUInt32BE(0);
    return { tag: elementTag, vr, length, valueOffset: offset + 12 };
  }
  const length = le ? head.readUInt16LE(6) : head.readUInt16BE(6);
  return { tag: elementTag, vr, length, valueOffset: offset + 8 };
}

/** Walks elements one header at a time, counting them against MAX_ELEMENTS. */
class Walker {
  private elements = 0;

  constructor(readonly file: FileWindow) {}

  async header(offset: number, syntax: Syntax): Promise<ElementHeader> {
    this.elements += 1;
    if (this.elements > MAX_ELEMENTS) throw new MalformedDicom('too many elements');
    return readHeader(this.file, offset, syntax);
  }

  /** Offset just after an element's value, walking undefined-length sequences item by item. */
  async endOf(header: ElementHeader, syntax: Syntax, depth: number): Promise<number> {
    if (header.length !== UNDEFINED_LENGTH) return header.valueOffset + header.length;
    // An undefined-length UN holds an implicit little endian sequence (PS3.5 §6.2.2).
    const inner = header.vr === 'UN' ? SYNTAXES[IMPLICIT_LITTLE_ENDIAN] : syntax;
    return this.skipItems(header.valueOffset, inner ?? syntax, depth + 1);
  }

  private async skipItems(start: number, syntax: Syntax, depth: number): Promise<number> {
    if (depth > MAX_DEPTH) throw new MalformedDicom('nested too deep');
    let offset = start;
    for (;;) {
      const item = await this.header(offset, syntax);
      if (item.tag === TAGS.sequenceDelimiter) return item.valueOffset;
      if (item.tag !== TAGS.item) throw new MalformedDicom('expected an item');
      offset =
        item.length === UNDEFINED_LENGTH
          ? await this.skipItemDataset(item.valueOffset, syntax, depth)
          : item.valueOffset + item.length;
    }
  }

  private async skipItemDataset(start: number, syntax: Syntax, depth: number): Promise<number> {
    let offset = start;
    for (;;) {
      const header = await this.header(offset, syntax);
      if (header.tag === TAGS.itemDelimiter) return header.valueOffset;
      offset = await this.endOf(header, syntax, depth);
    }
  }
}

type Values = Map<number, number | string>;

async function readWantedValue(
  file: FileWindow,
  header: ElementHeader,
  kind: 'us' | 'text',
  syntax: Syntax,
): Promise<number | string | null> {
  if (header.length === UNDEFINED_LENGTH || header.length > MAX_WANTED_VALUE_BYTES) return null;
  const value = await file.bytes(header.valueOffset, header.length);
  const isText = header.vr !== null && TEXT_VRS.has(header.vr);
  if (kind === 'text' || isText) {
    // Multi-valued text keeps its first value (e.g. the first of several windows).
    return (
      value
        .toString('latin1')
        .split('\\')[0]
        ?.replace(/[\0 ]+$/, '')
        .trim() ?? ''
    );
  }
  if (value.length < 2) return null;
  // UN values of a little endian file are little endian; US and SS follow the syntax.
  const le = header.vr === 'UN' || syntax.littleEndian;
  return le ? value.readUInt16LE(0) : value.readUInt16BE(0);
}

interface Scan {
  values: Values;
  pixelData: ElementHeader | null;
  floatPixels: boolean;
}

/** The transfer syntax from the file meta group, and where the dataset starts after it. */
async function readMeta(walker: Walker): Promise<{ uid: string | null; datasetOffset: number }> {
  const { file } = walker;
  let offset = DICOM_PREAMBLE_BYTES + 4;
  let uid: string | null = null;
  // The meta group is always explicit VR little endian, and ends where group 0002 ends.
  while (offset + 8 <= file.size && (await file.bytes(offset, 2)).readUInt16LE(0) === 0x0002) {
    const header = await walker.header(offset, META_SYNTAX);
    if (header.tag === TAGS.transferSyntax && header.length <= MAX_WANTED_VALUE_BYTES) {
      const value = await file.bytes(header.valueOffset, header.length);
      uid = value.toString('latin1').replace(/[\0 ]+$/, '');
    }
    offset = await walker.endOf(header, META_SYNTAX, 0);
  }
  return { uid, datasetOffset: offset };
}

/** Reads the top-level dataset up to Pixel Data, keeping the wanted attributes. */
async function scanDataset(walker: Walker, start: number, syntax: Syntax): Promise<Scan> {
  const { file } = walker;
  const result: Scan = { values: new Map(), pixelData: null, floatPixels: false };
  let offset = start;
  while (offset + 8 <= file.size) {
    const header = await walker.header(offset, syntax);
    if (header.tag === TAGS.pixelData) {
      result.pixelData = header;
      return result;
    }
    if (header.tag === TAGS.floatPixelData || header.tag === TAGS.doubleFloatPixelData) {
      result.floatPixels = true;
      return result;
    }
    const kind = WANTED.get(header.tag);
    if (kind) {
      const value = await readWantedValue(file, header, kind, syntax);
      if (value !== null) result.values.set(header.tag, value);
    }
    offset = await walker.endOf(header, syntax, 0);
  }
  return result;
}

function whole(values: Values, key: number): number | null {
  const raw = values.get(key);
  const number = typeof raw === 'string' ? Number(raw) : raw;
  return typeof number === 'number' && Number.isInteger(number) ? number : null;
}

function decimal(values: Values, key: number): number | null {
  const raw = values.get(key);
  if (typeof raw !== 'string' || raw === '') return null;
  const number = Number(raw);
  return Number.isFinite(number) ? number : null;
}

function text(values: Values, key: number): string | null {
  const raw = values.get(key);
  return typeof raw === 'string' && raw !== '' ? raw.toUpperCase() : null;
}

const refuse = (status: Refusal['status'], describe: (fileName: string) => string): Refusal => ({
  status,
  describe,
});

/** Checks the Image Pixel attributes against what the preview renders, and places the frame. */
function layoutOf(
  values: Values,
  pixelData: ElementHeader,
  syntax: Syntax,
  fileSize: number,
): PixelInspection {
  if (pixelData.length === UNDEFINED_LENGTH) {
    // Fragments under an uncompressed syntax: a writer's mistake we do not second-guess.
    return refuse('UNREADABLE', IMAGING_MESSAGES.previewUnreadable);
  }
  const rows = whole(values, TAGS.rows);
  const columns = whole(values, TAGS.columns);
  if (!rows || !columns || rows < 1 || columns < 1) {
    return refuse('UNSUPPORTED', IMAGING_MESSAGES.previewNoSize);
  }
  const photometric = text(values, TAGS.photometric) ?? 'MONOCHROME2';
  const samples = whole(values, TAGS.samplesPerPixel) ?? 1;
  let photometricKind: Photometric;
  switch (photometric) {
    case 'MONOCHROME1':
    case 'MONOCHROME2':
    case 'RGB':
    case 'YBR_FULL':
      photometricKind = photometric;
      break;
    default:
      return refuse('UNSUPPORTED', (name) =>
        IMAGING_MESSAGES.previewPhotometric(name, photometric),
      );
  }
  const wantSamples = photometricKind.startsWith('MONOCHROME') ? 1 : 3;
  if (samples !== wantSamples) {
    return refuse('UNSUPPORTED', (name) =>
      IMAGING_MESSAGES.previewSamples(name, photometric, samples),
    );
  }
  const bitsAllocated = whole(values, TAGS.bitsAllocated) ?? 0;
  if (bitsAllocated !== 8 && bitsAllocated !== 16) {
    return refuse('UNSUPPORTED', (name) => IMAGING_MESSAGES.previewBits(name, bitsAllocated));
  }
  const bytesPerSample = bitsAllocated === 8 ? 1 : 2;
  // Big endian 8-bit pixels in OW are byte-swapped in pairs; not worth a retired syntax.
  if (!syntax.littleEndian && bytesPerSample === 1 && pixelData.vr === 'OW') {
    return refuse('UNSUPPORTED', (name) =>
      IMAGING_MESSAGES.previewTransferSyntax(name, EXPLICIT_BIG_ENDIAN),
    );
  }
  let bitsStored = whole(values, TAGS.bitsStored) ?? bitsAllocated;
  if (bitsStored < 1 || bitsStored > bitsAllocated) bitsStored = bitsAllocated;
  let highBit = whole(values, TAGS.highBit) ?? bitsStored - 1;
  if (highBit < bitsStored - 1 || highBit > bitsAllocated - 1) highBit = bitsStored - 1;

  const frames = Math.max(1, whole(values, TAGS.numberOfFrames) ?? 1);
  const frameIndex = Math.floor(frames / 2);
  const frameBytes = rows * columns * samples * bytesPerSample;
  const frameEnd = (frameIndex + 1) * frameBytes;
  if (frameEnd > pixelData.length || pixelData.valueOffset + frameEnd > fileSize) {
    return refuse('UNREADABLE', IMAGING_MESSAGES.previewShort);
  }

  const slope = decimal(values, TAGS.rescaleSlope);
  const center = decimal(values, TAGS.windowCenter);
  const width = decimal(values, TAGS.windowWidth);
  return {
    status: 'AVAILABLE',
    layout: {
      rows,
      columns,
      samplesPerPixel: wantSamples,
      planarConfiguration:
        wantSamples === 3 && whole(values, TAGS.planarConfiguration) === 1 ? 1 : 0,
      bytesPerSample,
      bitsStored,
      highBit,
      signed: whole(values, TAGS.pixelRepresentation) === 1,
      littleEndian: syntax.littleEndian,
      photometric: photometricKind,
      rescaleSlope: slope === null || slope === 0 ? 1 : slope,
      rescaleIntercept: decimal(values, TAGS.rescaleIntercept) ?? 0,
      window: center !== null && width !== null && width >= 1 ? { center, width } : null,
      frames,
      frameIndex,
      frameOffset: pixelData.valueOffset + frameIndex * frameBytes,
    },
  };
}

/** The name of a compressed transfer syntax, or null when it is not one we know. */
function compressionOf(uid: string): string | null {
  return COMPRESSED_FORMATS[uid] ?? (uid.startsWith(JPEG_FAMILY) ? 'JPEG' : null);
}

async function inspect(file: FileWindow): Promise<PixelInspection> {
  const walker = new Walker(file);
  const { uid, datasetOffset } = await readMeta(walker);
  if (!uid) return refuse('UNREADABLE', IMAGING_MESSAGES.previewUnreadable);
  const syntax = SYNTAXES[uid];
  const compression = compressionOf(uid);
  if (!syntax && !compression) {
    return refuse('UNSUPPORTED', (name) => IMAGING_MESSAGES.previewTransferSyntax(name, uid));
  }
  // A deflated dataset cannot be walked without inflating it; every other compressed syntax is
  // explicit VR little endian around its fragments, so a file without pixels can still say so.
  if (uid === DEFLATED) {
    return refuse('COMPRESSED', (name) => IMAGING_MESSAGES.previewCompressed(name, 'Deflate'));
  }
  const found = await scanDataset(walker, datasetOffset, syntax ?? META_SYNTAX);
  if (found.floatPixels) return refuse('UNSUPPORTED', IMAGING_MESSAGES.previewFloat);
  if (!found.pixelData) return refuse('NO_PIXEL_DATA', IMAGING_MESSAGES.previewNoPixelData);
  if (!syntax) {
    const format = compression ?? uid;
    return refuse('COMPRESSED', (name) => IMAGING_MESSAGES.previewCompressed(name, format));
  }
  return layoutOf(found.values, found.pixelData, syntax, file.size);
}

/**
 * Says whether the preview can render a stored DICOM file and, if so, where its middle frame is
 * and how to read it. Data problems become a refusal with a sentence; only I/O errors throw.
 */
export async function inspectPixels(filePath: string, sizeBytes: number): Promise<PixelInspection> {
  const handle = await open(filePath, 'r');
  try {
    return await inspect(new FileWindow(handle, sizeBytes));
  } catch (error) {
    if (error instanceof MalformedDicom) {
      return refuse('UNREADABLE', IMAGING_MESSAGES.previewUnreadable);
    }
    throw error;
  } finally {
    await handle.close();
  }
}
