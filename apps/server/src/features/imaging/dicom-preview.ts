import { open, type FileHandle } from 'node:fs/promises';
import { PNG } from 'pngjs';
import { PREVIEW_MAX_SIDE } from '@recovery-portal/contract/imaging';
import type { PixelLayout } from './dicom-pixels';

/** The frame is read in bands of whole rows of about this size, never whole. */
const BAND_BYTES = 1024 * 1024;

/** The preview's size: the image's, scaled down so that its longest side fits PREVIEW_MAX_SIDE. */
export function previewSize(rows: number, columns: number): { width: number; height: number } {
  const scale = Math.min(1, PREVIEW_MAX_SIDE / Math.max(rows, columns));
  return {
    width: Math.max(1, Math.round(columns * scale)),
    height: Math.max(1, Math.round(rows * scale)),
  };
}

/** Decodes `count` samples of a band's bytes into `out`. */
type BandDecoder = (bytes: Uint8Array, count: number, out: Int32Array) => void;

/**
 * Decodes stored samples: the bits from HighBit down to HighBit - BitsStored + 1, two's
 * complement when Pixel Representation says signed. One loop per byte layout, so the hot path
 * is plain typed-array arithmetic.
 */
function bandDecoder(layout: PixelLayout): BandDecoder {
  const { bytesPerSample, littleEndian, bitsStored, highBit } = layout;
  const shift = highBit + 1 - bitsStored;
  const mask = 2 ** bitsStored - 1;
  const signBit = 2 ** (bitsStored - 1);
  const range = 2 ** bitsStored;
  // Colour samples are unsigned whatever Pixel Representation claims.
  const signed = layout.signed && layout.samplesPerPixel === 1;
  const stored = (raw: number) => {
    const value = (raw >>> shift) & mask;
    return signed && value >= signBit ? value - range : value;
  };
  if (bytesPerSample === 1) {
    return (bytes, count, out) => {
      for (let i = 0; i < count; i += 1) out[i] = stored(bytes[i] ?? 0);
    };
  }
  if (littleEndian) {
    return (bytes, count, out) => {
      // The band starts its own ArrayBuffer, so the 16-bit view is aligned.
      const words = new Uint16Array(bytes.buffer, bytes.byteOffset, count);
      for (let i = 0; i < count; i += 1) out[i] = stored(words[i] ?? 0);
    };
  }
  return (bytes, count, out) => {
    for (let i = 0; i < count; i += 1) {
      out[i] = stored(((bytes[2 * i] ?? 0) << 8) | (bytes[2 * i + 1] ?? 0));
    }
  };
}

async function readExactly(
  handle: FileHandle,
  target: Uint8Array,
  length: number,
  position: number,
) {
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await handle.read(target, filled, length - filled, position + filled);
    if (bytesRead === 0) throw new Error('the DICOM file ended inside its pixel data');
    filled += bytesRead;
  }
}

/** Per preview pixel, the sum of the source samples falling on it (box filter), and their count. */
interface Accumulated {
  width: number;
  height: number;
  sums: Float64Array;
  counts: Uint32Array;
  min: number;
  max: number;
}

/** For each source index, the preview index it falls on; and how many fall on each. */
function targets(source: number, preview: number): { target: Int32Array; count: Uint32Array } {
  const target = new Int32Array(source);
  const count = new Uint32Array(preview);
  for (let i = 0; i < source; i += 1) {
    const t = Math.floor((i * preview) / source);
    target[i] = t;
    count[t] = (count[t] ?? 0) + 1;
  }
  return { target, count };
}

async function accumulate(handle: FileHandle, layout: PixelLayout): Promise<Accumulated> {
  const { rows, columns, samplesPerPixel: channels, bytesPerSample } = layout;
  const { width, height } = previewSize(rows, columns);
  const sums = new Float64Array(width * height * channels);
  const across = targets(columns, width);
  const down = targets(rows, height);
  const counts = new Uint32Array(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      counts[y * width + x] = (down.count[y] ?? 0) * (across.count[x] ?? 0);
    }
  }
  const decode = bandDecoder(layout);
  let min = Infinity;
  let max = -Infinity;

  // Planar colour is three greyscale planes one after the other: one pass over each.
  const planar = layout.planarConfiguration === 1;
  const passes = planar ? channels : 1;
  const perPass = planar ? 1 : channels;
  const rowSamples = columns * perPass;
  const rowBytes = rowSamples * bytesPerSample;
  const bandRows = Math.min(rows, Math.max(1, Math.floor(BAND_BYTES / rowBytes)));
  const band = new Uint8Array(bandRows * rowBytes);
  const values = new Int32Array(bandRows * rowSamples);
  for (let pass = 0; pass < passes; pass += 1) {
    const passOffset = layout.frameOffset + pass * rows * rowBytes;
    for (let top = 0; top < rows; top += bandRows) {
      const bandHeight = Math.min(bandRows, rows - top);
      await readExactly(handle, band, bandHeight * rowBytes, passOffset + top * rowBytes);
      decode(band, bandHeight * rowSamples, values);
      let i = 0;
      for (let r = 0; r < bandHeight; r += 1) {
        const targetRow = (down.target[top + r] ?? 0) * width;
        if (perPass === 1 && channels === 1) {
          // Greyscale, the common case, without the per-sample channel loop.
          for (let c = 0; c < columns; c += 1) {
            const value = values[i] ?? 0;
            i += 1;
            const pixel = targetRow + (across.target[c] ?? 0);
            sums[pixel] = (sums[pixel] ?? 0) + value;
            if (value < min) min = value;
            if (value > max) max = value;
          }
          continue;
        }
        for (let c = 0; c < columns; c += 1) {
          const base = (targetRow + (across.target[c] ?? 0)) * channels + pass;
          for (let s = 0; s < perPass; s += 1) {
            const value = values[i] ?? 0;
            i += 1;
            sums[base + s] = (sums[base + s] ?? 0) + value;
            if (value < min) min = value;
            if (value > max) max = value;
          }
        }
      }
    }
  }
  return { width, height, sums, counts, min, max };
}

/** The VOI LUT: the file's window (PS3.3 C.11.2.1.2.1, linear) or the frame's min…max stretched. */
function voiFunction(layout: PixelLayout, min: number, max: number): (value: number) => number {
  if (layout.window) {
    const { center, width } = layout.window;
    const low = center - 0.5 - (width - 1) / 2;
    const high = center - 0.5 + (width - 1) / 2;
    return (x) => {
      if (x <= low) return 0;
      if (x > high) return 255;
      return ((x - (center - 0.5)) / (width - 1) + 0.5) * 255;
    };
  }
  const a = min * layout.rescaleSlope + layout.rescaleIntercept;
  const b = max * layout.rescaleSlope + layout.rescaleIntercept;
  const low = Math.min(a, b);
  const span = Math.abs(b - a);
  return (x) => (span > 0 ? ((x - low) / span) * 255 : 0);
}

const clampByte = (value: number) => Math.min(255, Math.max(0, Math.round(value)));

function greyscale(layout: PixelLayout, acc: Accumulated): Buffer {
  const voi = voiFunction(layout, acc.min, acc.max);
  const invert = layout.photometric === 'MONOCHROME1';
  const out = Buffer.alloc(acc.width * acc.height);
  for (let p = 0; p < out.length; p += 1) {
    const mean = (acc.sums[p] ?? 0) / (acc.counts[p] || 1);
    const shown = voi(mean * layout.rescaleSlope + layout.rescaleIntercept);
    out[p] = clampByte(invert ? 255 - shown : shown);
  }
  return out;
}

function colour(layout: PixelLayout, acc: Accumulated): Buffer {
  const scale = 255 / (2 ** layout.bitsStored - 1);
  const out = Buffer.alloc(acc.width * acc.height * 3);
  for (let p = 0; p < acc.width * acc.height; p += 1) {
    const count = acc.counts[p] || 1;
    const first = ((acc.sums[p * 3] ?? 0) / count) * scale;
    const second = ((acc.sums[p * 3 + 1] ?? 0) / count) * scale;
    const third = ((acc.sums[p * 3 + 2] ?? 0) / count) * scale;
    if (layout.photometric === 'YBR_FULL') {
      // PS3.3 C.7.6.3.1.2: full-range YCbCr to RGB.
      out[p * 3] = clampByte(first + 1.402 * (third - 128));
      out[p * 3 + 1] = clampByte(first - 0.344136 * (second - 128) - 0.714136 * (third - 128));
      out[p * 3 + 2] = clampByte(first + 1.772 * (second - 128));
    } else {
      out[p * 3] = clampByte(first);
      out[p * 3 + 1] = clampByte(second);
      out[p * 3 + 2] = clampByte(third);
    }
  }
  return out;
}

/**
 * Renders the middle frame of an uncompressed DICOM image as a PNG whose longest side is at most
 * PREVIEW_MAX_SIDE. The frame streams through in bands; each preview pixel is the mean of the
 * source pixels it covers, then rescaled, windowed (or stretched) and, for MONOCHROME1, inverted.
 */
export async function renderPreview(filePath: string, layout: PixelLayout): Promise<Buffer> {
  const handle = await open(filePath, 'r');
  let acc: Accumulated;
  try {
    acc = await accumulate(handle, layout);
  } finally {
    await handle.close();
  }
  const grey = layout.samplesPerPixel === 1;
  const colorType = grey ? 0 : 2;
  const png = new PNG({ width: acc.width, height: acc.height });
  png.data = grey ? greyscale(layout, acc) : colour(layout, acc);
  return PNG.sync.write(png, { colorType, inputColorType: colorType, inputHasAlpha: false });
}
