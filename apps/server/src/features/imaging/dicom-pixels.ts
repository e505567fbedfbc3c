import { open } from 'node:fs/promises';
import { IMAGING_MESSAGES, type StoredPreviewStatus } from '@recovery-portal/contract/imaging';
import {
  EXPLICIT_BIG_ENDIAN,
  FileWindow,
  MalformedDicom,
  META_SYNTAX,
  readMeta,
  scanDataset,
  SYNTAXES,
  tag,
  UNDEFINED_LENGTH,
  Walker,
  type ElementHeader,
  type Syntax,
  type Values,
  type WantedAttributes,
} from './dicom-walker';

/**
 * Whether the preview can render a stored DICOM file's pixels, and where and how to read them:
 * the Image Pixel attributes checked against what the preview renders. The file is walked by
 * dicom-walker.ts.
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

/** The Image Pixel attributes the preview reads. */
const TAGS = {
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
} as const;

/** The attributes read, and how: binary unsigned shorts or text (CS, IS, DS, UI). */
const WANTED: WantedAttributes = new Map([
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
  const found = await scanDataset(walker, datasetOffset, syntax ?? META_SYNTAX, WANTED);
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
