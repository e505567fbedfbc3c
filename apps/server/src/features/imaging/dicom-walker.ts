import type { FileHandle } from 'node:fs/promises';
import { DICOM_PREAMBLE_BYTES, LONG_VRS } from '#app/core/imaging/dicom-header';

/**
 * Walks the element headers of a stored DICOM file, for the preview (dicom-pixels.ts).
 *
 * dcmjs parses from an in-memory buffer and does not say where Pixel Data starts, so this
 * walks the element headers itself with small positional reads: values are skipped, never
 * loaded, except the few attributes asked for. Memory stays at one read window however large
 * the file.
 */

const IMPLICIT_LITTLE_ENDIAN = '1.2.840.10008.1.2';
const EXPLICIT_LITTLE_ENDIAN = '1.2.840.10008.1.2.1';
export const EXPLICIT_BIG_ENDIAN = '1.2.840.10008.1.2.2';

export interface Syntax {
  explicit: boolean;
  littleEndian: boolean;
}
export const META_SYNTAX: Syntax = { explicit: true, littleEndian: true };
export const SYNTAXES: Readonly<Record<string, Syntax>> = {
  [IMPLICIT_LITTLE_ENDIAN]: { explicit: false, littleEndian: true },
  [EXPLICIT_LITTLE_ENDIAN]: META_SYNTAX,
  [EXPLICIT_BIG_ENDIAN]: { explicit: true, littleEndian: false },
};

export const tag = (group: number, element: number) => ((group << 16) | element) >>> 0;

/** The elements that shape the walk: where it starts, nests and stops. */
const STRUCTURE = {
  transferSyntax: tag(0x0002, 0x0010),
  floatPixelData: tag(0x7fe0, 0x0008),
  doubleFloatPixelData: tag(0x7fe0, 0x0009),
  pixelData: tag(0x7fe0, 0x0010),
  item: tag(0xfffe, 0xe000),
  itemDelimiter: tag(0xfffe, 0xe00d),
  sequenceDelimiter: tag(0xfffe, 0xe0dd),
} as const;

/** Longer values of the wanted attributes are nonsense; they are skipped, not read. */
const MAX_WANTED_VALUE_BYTES = 256;

export const UNDEFINED_LENGTH = 0xffffffff;
const TEXT_VRS = new Set(['AE', 'AS', 'CS', 'DA', 'DS', 'DT', 'IS', 'LO', 'SH', 'TM', 'UI']);
/** Deeper nesting than this only comes from crafted files. */
const MAX_DEPTH = 32;
/** Bounds the walk over a file of nothing but tiny elements. */
const MAX_ELEMENTS = 1_000_000;
const READ_WINDOW_BYTES = 64 * 1024;

/** The header is not what DICOM says it must be: the walk cannot go on. */
export class MalformedDicom extends Error {}

/** Positional reads through one reused window, so walking many small headers costs few reads. */
export class FileWindow {
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

export interface ElementHeader {
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
export class Walker {
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
      if (item.tag === STRUCTURE.sequenceDelimiter) return item.valueOffset;
      if (item.tag !== STRUCTURE.item) throw new MalformedDicom('expected an item');
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
      if (header.tag === STRUCTURE.itemDelimiter) return header.valueOffset;
      offset = await this.endOf(header, syntax, depth);
    }
  }
}

export type Values = Map<number, number | string>;

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
export async function readMeta(
  walker: Walker,
): Promise<{ uid: string | null; datasetOffset: number }> {
  const { file } = walker;
  let offset = DICOM_PREAMBLE_BYTES + 4;
  let uid: string | null = null;
  // The meta group is always explicit VR little endian, and ends where group 0002 ends.
  while (offset + 8 <= file.size && (await file.bytes(offset, 2)).readUInt16LE(0) === 0x0002) {
    const header = await walker.header(offset, META_SYNTAX);
    if (header.tag === STRUCTURE.transferSyntax && header.length <= MAX_WANTED_VALUE_BYTES) {
      const value = await file.bytes(header.valueOffset, header.length);
      uid = value.toString('latin1').replace(/[\0 ]+$/, '');
    }
    offset = await walker.endOf(header, META_SYNTAX, 0);
  }
  return { uid, datasetOffset: offset };
}

/** The attributes to keep, and how to read each: binary unsigned shorts or text. */
export type WantedAttributes = ReadonlyMap<number, 'us' | 'text'>;

/** Reads the top-level dataset up to Pixel Data, keeping the wanted attributes. */
export async function scanDataset(
  walker: Walker,
  start: number,
  syntax: Syntax,
  wanted: WantedAttributes,
): Promise<Scan> {
  const { file } = walker;
  const result: Scan = { values: new Map(), pixelData: null, floatPixels: false };
  let offset = start;
  while (offset + 8 <= file.size) {
    const header = await walker.header(offset, syntax);
    if (header.tag === STRUCTURE.pixelData) {
      result.pixelData = header;
      return result;
    }
    if (header.tag === STRUCTURE.floatPixelData || header.tag === STRUCTURE.doubleFloatPixelData) {
      result.floatPixels = true;
      return result;
    }
    const kind = wanted.get(header.tag);
    if (kind) {
      const value = await readWantedValue(file, header, kind, syntax);
      if (value !== null) result.values.set(header.tag, value);
    }
    offset = await walker.endOf(header, syntax, 0);
  }
  return result;
}
