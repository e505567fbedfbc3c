import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, open, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  dicomUploadResponseSchema,
  IMAGING_PATHS,
  imagingFileListSchema,
  type ImagingFile,
} from '@recovery-portal/contract/imaging';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { auditLog } from '#app/db/schema/audit';
import { imagingFiles } from '#app/db/schema/imaging';
import {
  authHeaders,
  buildTestApp,
  failure,
  loginAs,
  successData,
  type LoggedInStaff,
  type TestApp,
} from '#app/test/build-test-app';
import { createParticipant, createSurgery } from '#app/test/factories';
import { callApi } from '#app/features/participants/participants.fixtures';
import { inspectPixels } from './dicom-pixels';
import { renderPreview } from './dicom-preview';
import { createDicomStore } from '#app/core/imaging/dicom-store';
import {
  buildDicom,
  multipartBody,
  pixelDataElementHeader,
  samples16,
  samples8,
  TRANSFER_SYNTAXES,
  type TestDicomOptions,
} from './imaging.fixtures';
import { createImagingService } from './imaging.service';

let testApp: TestApp;
let clinician: LoggedInStaff;
let store: ReturnType<typeof createDicomStore>;

beforeAll(async () => {
  testApp = await buildTestApp();
  store = createDicomStore(testApp.config.dataDir);
});
afterAll(async () => {
  await testApp?.close();
  if (testApp) await rm(testApp.config.dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await testApp.reset();
  await rm(path.join(testApp.config.dataDir, 'files'), { recursive: true, force: true });
  clinician = await loginAs(testApp, 'CLINICIAN');
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Uploads one file for a new participant's surgery and answers its row. */
async function uploadImage(bytes: Buffer, fileName = 'scan.dcm'): Promise<ImagingFile> {
  const participant = await createParticipant(testApp.db);
  const surgery = await createSurgery(testApp.db, participant.id);
  return uploadFor({ userId: participant.id, surgeryId: surgery.id }, bytes, fileName);
}

async function uploadFor(
  target: { userId: number; surgeryId: number },
  bytes: Buffer,
  fileName = 'scan.dcm',
): Promise<ImagingFile> {
  const body = multipartBody([
    { name: 'user_id', value: String(target.userId) },
    { name: 'surgery_id', value: String(target.surgeryId) },
    { name: 'files', filename: fileName, content: bytes },
  ]);
  const response = await testApp.app.inject({
    method: 'POST',
    url: API_PATHS.surgery.dicom,
    headers: { ...authHeaders(clinician.access_token), ...body.headers },
    payload: body.payload,
  });
  const [file] = successData(response, dicomUploadResponseSchema).files;
  if (!file) throw new Error('nothing uploaded');
  return file;
}

function getPreview(imageId: number | string, token: string | null = clinician.access_token) {
  return callApi(testApp, 'GET', `${IMAGING_PATHS.preview}?image_id=${imageId}`, token);
}

/** The PNG of a successful preview call, decoded. */
function decoded(response: LightMyRequestResponse): PNG {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('image/png');
  expect(response.headers['cache-control']).toBe('no-store');
  return PNG.sync.read(response.rawPayload);
}

/** [red, green, blue] of the pixel at column x, row y. */
function rgbAt(png: PNG, x: number, y: number): number[] {
  const at = (y * png.width + x) * 4;
  return [...png.data.subarray(at, at + 3)];
}

/** The grey level at column x, row y (a greyscale PNG decodes to R = G = B). */
function greyAt(png: PNG, x: number, y: number): number {
  const [red, green, blue] = rgbAt(png, x, y);
  expect(green).toBe(red);
  expect(blue).toBe(red);
  return red ?? -1;
}

function greys(png: PNG): number[] {
  const values: number[] = [];
  for (let y = 0; y < png.height; y += 1) {
    for (let x = 0; x < png.width; x += 1) values.push(greyAt(png, x, y));
  }
  return values;
}

const eightBit = { bitsAllocated: 8, bitsStored: 8, highBit: 7, pixelRepresentation: 0 } as const;

/** 2 × 3 greyscale, 8-bit, no window: the values are stretched from their min to their max. */
const GREY_8: TestDicomOptions = {
  rows: 2,
  columns: 3,
  pixelModule: { photometric: 'MONOCHROME2', samplesPerPixel: 1, ...eightBit },
  pixelBytes: samples8([0, 50, 100, 150, 200, 250]),
};

describe('DICOM preview', () => {
  it('clinician sees an 8-bit greyscale image stretched from its darkest to its brightest pixel', async () => {
    const image = await uploadImage(buildDicom(GREY_8));
    expect(image.preview).toBe('AVAILABLE');
    const png = decoded(await getPreview(image.id));
    expect([png.width, png.height]).toEqual([3, 2]);
    expect(greys(png)).toEqual([0, 51, 102, 153, 204, 255]);
  });

  it('a 16-bit signed CT slice is rescaled to Hounsfield units and shown through its window', async () => {
    // Stored × 2 + 24 = [-976, 0, 40, 240, -128, 3024] HU; window 40/400 spans -160 … 239.
    const image = await uploadImage(
      buildDicom({
        rows: 2,
        columns: 3,
        pixelModule: {
          photometric: 'MONOCHROME2',
          samplesPerPixel: 1,
          bitsAllocated: 16,
          bitsStored: 16,
          highBit: 15,
          pixelRepresentation: 1,
          rescaleSlope: 2,
          rescaleIntercept: 24,
          windowCenter: 40,
          windowWidth: 400,
        },
        pixelBytes: samples16([-500, -12, 8, 108, -76, 1500]),
      }),
    );
    const png = decoded(await getPreview(image.id));
    // Below the window black, above it white, inside it linear (PS3.3 C.11.2.1.2.1).
    expect(greys(png)).toEqual([0, 102, 128, 255, 20, 255]);
  });

  it('12-bit signed samples are sign-extended, and bits above the high bit are ignored', async () => {
    // 0xF000 marks overlay bits above bit 11; 0x0FFF is -1 and 0x0800 is -2048 in 12 bits.
    const image = await uploadImage(
      buildDicom({
        rows: 1,
        columns: 3,
        pixelModule: {
          photometric: 'MONOCHROME2',
          samplesPerPixel: 1,
          bitsAllocated: 16,
          bitsStored: 12,
          highBit: 11,
          pixelRepresentation: 1,
        },
        pixelBytes: samples16([0xf800, 0xffff, 0x07ff]),
      }),
    );
    // -2048, -1, 2047 stretched over -2048 … 2047.
    expect(greys(decoded(await getPreview(image.id)))).toEqual([0, 127, 255]);
  });

  it('a MONOCHROME1 image is shown inverted: its lowest value is white', async () => {
    const image = await uploadImage(
      buildDicom({
        ...GREY_8,
        pixelModule: { photometric: 'MONOCHROME1', samplesPerPixel: 1, ...eightBit },
      }),
    );
    expect(greys(decoded(await getPreview(image.id)))).toEqual([255, 204, 153, 102, 51, 0]);
  });

  it.each([
    {
      layout: 'interleaved (planar configuration 0)',
      planar: 0 as const,
      bytes: [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255],
    },
    {
      // One plane per colour: the reds of the four pixels, then the greens, then the blues.
      layout: 'in planes (planar configuration 1)',
      planar: 1 as const,
      bytes: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255],
    },
  ])('an RGB image with its samples $layout keeps its colours', async ({ planar, bytes }) => {
    const image = await uploadImage(
      buildDicom({
        rows: 2,
        columns: 2,
        pixelModule: {
          photometric: 'RGB',
          samplesPerPixel: 3,
          planarConfiguration: planar,
          ...eightBit,
        },
        pixelBytes: samples8(bytes),
      }),
    );
    const png = decoded(await getPreview(image.id));
    expect([png.width, png.height]).toEqual([2, 2]);
    expect(rgbAt(png, 0, 0)).toEqual([255, 0, 0]);
    expect(rgbAt(png, 1, 0)).toEqual([0, 255, 0]);
    expect(rgbAt(png, 0, 1)).toEqual([0, 0, 255]);
    expect(rgbAt(png, 1, 1)).toEqual([255, 255, 255]);
  });

  it('a multi-frame image shows its middle frame', async () => {
    // Window 128/256 shows each 8-bit value as itself; frame k holds 50·k + 1 … 50·k + 4.
    const frames = [0, 1, 2].flatMap((k) => [1, 2, 3, 4].map((v) => 50 * k + v));
    const image = await uploadImage(
      buildDicom({
        rows: 2,
        columns: 2,
        pixelModule: {
          photometric: 'MONOCHROME2',
          samplesPerPixel: 1,
          frames: 3,
          windowCenter: 128,
          windowWidth: 256,
          ...eightBit,
        },
        pixelBytes: samples8(frames),
      }),
    );
    expect(greys(decoded(await getPreview(image.id)))).toEqual([51, 52, 53, 54]);
  });

  it.each([
    {
      syntax: 'implicit VR little endian',
      uid: TRANSFER_SYNTAXES.implicitLittleEndian,
      big: false,
    },
    { syntax: 'explicit VR big endian', uid: TRANSFER_SYNTAXES.explicitBigEndian, big: true },
  ])('an image in $syntax renders like one in explicit little endian', async ({ uid, big }) => {
    const image = await uploadImage(
      buildDicom({
        rows: 1,
        columns: 4,
        transferSyntax: uid,
        pixelModule: {
          photometric: 'MONOCHROME2',
          samplesPerPixel: 1,
          bitsAllocated: 16,
          bitsStored: 16,
          highBit: 15,
          pixelRepresentation: 0,
        },
        pixelBytes: samples16([0, 1000, 3000, 4000], big),
        // A sequence before the pixels, which the reader must step over item by item.
        extraElements: {
          '00081140': {
            vr: 'SQ',
            Value: [
              {
                '00081150': { vr: 'UI', Value: ['1.2.840.10008.5.1.4.1.1.2'] },
                '00081155': { vr: 'UI', Value: ['1.2.3.4'] },
              },
            ],
          },
        },
      }),
    );
    expect(image.preview).toBe('AVAILABLE');
    expect(greys(decoded(await getPreview(image.id)))).toEqual([0, 64, 191, 255]);
  });

  it('a large image is scaled down to 512 pixels on its longest side, averaging what it covers', async () => {
    // 600 × 1024, each pixel the quarter of its column: every 2 × 2 block averages to one value.
    const rows = 600;
    const columns = 1024;
    const values = Array.from({ length: rows * columns }, (_, i) => Math.floor((i % columns) / 4));
    const image = await uploadImage(
      buildDicom({
        rows,
        columns,
        pixelModule: { photometric: 'MONOCHROME2', samplesPerPixel: 1, ...eightBit },
        pixelBytes: samples8(values),
      }),
    );
    const png = decoded(await getPreview(image.id));
    expect([png.width, png.height]).toEqual([512, 300]);
    expect(greyAt(png, 0, 0)).toBe(0);
    expect(greyAt(png, 21, 150)).toBe(10);
    expect(greyAt(png, 511, 299)).toBe(255);
  });

  it('a rendered preview is cached in the file store and served from there', async () => {
    const bytes = buildDicom(GREY_8);
    const image = await uploadImage(bytes);
    const cachePath = store.previewPathFor(sha256(bytes));
    expect(existsSync(cachePath)).toBe(false);
    const first = await getPreview(image.id);
    expect(await readFile(cachePath)).toEqual(first.rawPayload);

    // What is cached is what is served: the file is not rendered again.
    const marker = new PNG({ width: 1, height: 1 });
    const markerBytes = PNG.sync.write(marker);
    await writeFile(cachePath, markerBytes);
    expect((await getPreview(image.id)).rawPayload).toEqual(markerBytes);
  });

  it('deleting the last image of some content removes its cached preview too', async () => {
    const bytes = buildDicom(GREY_8);
    const first = await uploadImage(bytes, 'first.dcm');
    const second = await uploadImage(bytes, 'second.dcm');
    decoded(await getPreview(first.id));
    const cachePath = store.previewPathFor(sha256(bytes));
    expect(existsSync(cachePath)).toBe(true);

    await callApi(
      testApp,
      'DELETE',
      `${API_PATHS.surgery.dicom}?image_id=${first.id}`,
      clinician.access_token,
    );
    expect(existsSync(cachePath)).toBe(true);
    decoded(await getPreview(second.id));

    await callApi(
      testApp,
      'DELETE',
      `${API_PATHS.surgery.dicom}?image_id=${second.id}`,
      clinician.access_token,
    );
    expect(existsSync(cachePath)).toBe(false);
    expect(existsSync(store.pathFor(sha256(bytes)))).toBe(false);
  });

  it('the sweep removes previews no image shows and previews of an older rendering', async () => {
    const kept = buildDicom(GREY_8);
    const image = await uploadImage(kept);
    decoded(await getPreview(image.id));
    // A preview rendered while its image was being deleted, and one of an older rendering.
    const orphanHash = 'ab'.repeat(32);
    await store.writePreview(orphanHash, Buffer.from('png'));
    const stale = path.join(store.previewDir, sha256(kept).slice(0, 2), `${sha256(kept)}.r0.png`);
    await writeFile(stale, 'old');

    const service = createImagingService({ db: testApp.db, store, maxUploadBytes: 1 << 20 });
    const swept = await service.sweep(24 * 3_600_000);
    expect(swept.previews).toBe(1);
    expect(existsSync(store.previewPathFor(orphanHash))).toBe(false);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(store.previewPathFor(sha256(kept)))).toBe(true);
  });

  it('viewing a preview is recorded in the audit log against the participant', async () => {
    const image = await uploadImage(buildDicom(GREY_8));
    decoded(await getPreview(image.id));
    const rows = await testApp.db
      .select({ action: auditLog.action, subjectId: auditLog.subjectId, details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.actorEmail, clinician.email));
    expect(rows).toContainEqual({
      action: 'participant.imaging.list',
      subjectId: image.user_id,
      details: { surgery_id: image.surgery_id, image_id: image.id, preview: true },
    });
  });
});

describe('DICOM preview refusals', () => {
  async function refusal(options: TestDicomOptions | Buffer, fileName: string) {
    const bytes = Buffer.isBuffer(options) ? options : buildDicom(options);
    const image = await uploadImage(bytes, fileName);
    const response = await getPreview(image.id);
    return { image, envelope: failure(response, 422, 'UNPROCESSABLE') };
  }

  it.each([
    { uid: TRANSFER_SYNTAXES.jpeg2000, format: 'JPEG 2000' },
    { uid: TRANSFER_SYNTAXES.jpegBaseline, format: 'JPEG Baseline' },
    { uid: TRANSFER_SYNTAXES.rle, format: 'RLE' },
  ])(
    'an image compressed as $format gets a sentence saying so, not a preview',
    async ({ uid, format }) => {
      const { image, envelope } = await refusal(
        { transferSyntax: uid, pixelBytes: samples8([1, 2, 3, 4]) },
        'knee.dcm',
      );
      expect(image.preview).toBe('COMPRESSED');
      expect(envelope._error).toBe(`No preview: "knee.dcm" is compressed as ${format}.`);
    },
  );

  it('a deflated file is named as such', async () => {
    // Deflate compresses the whole dataset after the file meta group.
    const plain = buildDicom({ transferSyntax: TRANSFER_SYNTAXES.deflated });
    const metaEnd = 132 + 12 + plain.readUInt32LE(140);
    const bytes = Buffer.concat([
      plain.subarray(0, metaEnd),
      deflateRawSync(plain.subarray(metaEnd)),
    ]);
    const { image, envelope } = await refusal(bytes, 'deflated.dcm');
    expect(image.preview).toBe('COMPRESSED');
    expect(envelope._error).toBe('No preview: "deflated.dcm" is compressed as Deflate.');
  });

  it('a file without pixel data, say a report, has no preview', async () => {
    const { image, envelope } = await refusal({ withoutPixelData: true }, 'report.dcm');
    expect(image.preview).toBe('NO_PIXEL_DATA');
    expect(envelope._error).toBe('No preview: "report.dcm" holds no pixel data.');
  });

  it.each([
    {
      kind: 'palette colour',
      module: { photometric: 'PALETTE COLOR', samplesPerPixel: 1, ...eightBit },
      sentence:
        'No preview: "odd.dcm" stores its pixels as PALETTE COLOR; previews show MONOCHROME1, MONOCHROME2, RGB and YBR_FULL images.',
    },
    {
      kind: '32-bit samples',
      module: {
        photometric: 'MONOCHROME2',
        samplesPerPixel: 1,
        bitsAllocated: 32,
        bitsStored: 32,
        highBit: 31,
      },
      sentence: 'No preview: "odd.dcm" has 32-bit samples; previews show 8- and 16-bit images.',
    },
    {
      kind: 'RGB with one sample per pixel',
      module: { photometric: 'RGB', samplesPerPixel: 1, ...eightBit },
      sentence:
        'No preview: the pixel description of "odd.dcm" does not fit together (RGB, samples per pixel 1).',
    },
  ])('an image with $kind gets a sentence naming the reason', async ({ module, sentence }) => {
    const { image, envelope } = await refusal(
      { rows: 2, columns: 2, pixelModule: module, pixelBytes: new Uint8Array(16) },
      'odd.dcm',
    );
    expect(image.preview).toBe('UNSUPPORTED');
    expect(envelope._error).toBe(sentence);
  });

  it('pixel data shorter than the image size says is refused, not read past its end', async () => {
    const { image, envelope } = await refusal(
      {
        rows: 100,
        columns: 100,
        pixelModule: { photometric: 'MONOCHROME2', samplesPerPixel: 1, ...eightBit },
        pixelBytes: new Uint8Array(64),
      },
      'short.dcm',
    );
    expect(image.preview).toBe('UNREADABLE');
    expect(envelope._error).toBe(
      'No preview: the pixel data of "short.dcm" is shorter than its rows, columns and frames say.',
    );
  });

  it('only clinicians may see previews', async () => {
    const image = await uploadImage(buildDicom(GREY_8));
    failure(await getPreview(image.id, null), 401, 'UNAUTHENTICATED');
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    failure(await getPreview(image.id, admin.access_token), 403, 'FORBIDDEN');
  });

  it('unknown images answer 404 and ugly ids 400, each with a sentence', async () => {
    const unknown = failure(await getPreview(999_999), 404, 'NOT_FOUND');
    expect(unknown._error).toBe('There is no image with id 999999.');
    for (const id of [
      'abc',
      '0',
      '-1',
      '1.5',
      '1%3BDROP%20TABLE%20imaging_files',
      '9'.repeat(5000),
      '',
    ]) {
      const envelope = failure(await getPreview(id), 400, 'VALIDATION_ERROR');
      expect(envelope._error.length).toBeGreaterThan(0);
    }
    failure(
      await callApi(testApp, 'GET', IMAGING_PATHS.preview, clinician.access_token),
      400,
      'VALIDATION_ERROR',
    );
  });

  it('an image whose stored file has gone missing answers 404 with a sentence', async () => {
    const bytes = buildDicom(GREY_8);
    const image = await uploadImage(bytes);
    await rm(store.pathFor(sha256(bytes)));
    const envelope = failure(await getPreview(image.id), 404, 'NOT_FOUND');
    expect(envelope._error).toBe(
      `The file of image ${image.id} is missing from the file store; upload it again.`,
    );
  });
});

describe('preview status of images uploaded before previews existed', () => {
  it('the list reads it from the file once and keeps it; a missing file says so', async () => {
    const participant = await createParticipant(testApp.db);
    const surgery = await createSurgery(testApp.db, participant.id);
    const target = { userId: participant.id, surgeryId: surgery.id };
    const grey = await uploadFor(target, buildDicom(GREY_8), 'grey.dcm');
    const compressed = await uploadFor(
      target,
      buildDicom({ transferSyntax: TRANSFER_SYNTAXES.jpeg2000 }),
      'j2k.dcm',
    );
    const goneBytes = buildDicom(GREY_8);
    const gone = await uploadFor(target, goneBytes, 'gone.dcm');
    await testApp.db.update(imagingFiles).set({ preview: null });
    await rm(store.pathFor(sha256(goneBytes)));

    const list = successData(
      await callApi(
        testApp,
        'GET',
        `${API_PATHS.surgery.dicomList}?user_id=${target.userId}&surgery_id=${target.surgeryId}`,
        clinician.access_token,
      ),
      imagingFileListSchema,
    );
    const statusOf = (id: number) => list.find((row) => row.id === id)?.preview;
    expect(statusOf(grey.id)).toBe('AVAILABLE');
    expect(statusOf(compressed.id)).toBe('COMPRESSED');
    expect(statusOf(gone.id)).toBe('FILE_MISSING');

    const stored = await testApp.db
      .select({ id: imagingFiles.id, preview: imagingFiles.preview })
      .from(imagingFiles);
    expect(stored).toEqual(
      expect.arrayContaining([
        { id: grey.id, preview: 'AVAILABLE' },
        { id: compressed.id, preview: 'COMPRESSED' },
        { id: gone.id, preview: null },
      ]),
    );
    decoded(await getPreview(grey.id));
  });
});

describe('pixel reader on files the upload check lets through', () => {
  const folder = () => path.join(testApp.config.dataDir, 'odd-files');

  async function inspectBytes(bytes: Buffer) {
    await mkdir(folder(), { recursive: true });
    const file = path.join(folder(), `${sha256(bytes)}.dcm`);
    await writeFile(file, bytes);
    return inspectPixels(file, bytes.length);
  }

  it('garbage after the header, or a file cut short, is unreadable rather than an error', async () => {
    const header = buildDicom({ withoutPixelData: true });
    const garbage = Buffer.concat([
      header,
      Buffer.from([0x28, 0x00, 0x10, 0x00, 0x7a, 0x7a, 0, 0]),
    ]);
    expect((await inspectBytes(garbage)).status).toBe('UNREADABLE');
    const cut = buildDicom(GREY_8);
    expect((await inspectBytes(cut.subarray(0, cut.length - 10))).status).toBe('UNREADABLE');
    const lengthPastEnd = Buffer.concat([header, pixelDataElementHeader(1 << 30)]);
    expect((await inspectBytes(lengthPastEnd)).status).toBe('UNREADABLE');
  });

  it('sequences nested beyond reason are refused instead of exhausting the stack', async () => {
    // 5000 levels of undefined-length sequence → item → sequence …, never closed.
    const header = buildDicom({ withoutPixelData: true });
    const level = Buffer.from([
      0x08, 0x00, 0x40, 0x11, 0x53, 0x51, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xfe, 0xff, 0x00, 0xe0,
      0xff, 0xff, 0xff, 0xff,
    ]);
    const nested = Buffer.concat([header, ...Array.from({ length: 5000 }, () => level)]);
    expect((await inspectBytes(nested)).status).toBe('UNREADABLE');
  });

  it('a 64 MiB frame renders in bands: memory stays far below the frame size', async () => {
    const rows = 4096;
    const columns = 8192;
    const header = buildDicom({ rows, columns, withoutPixelData: true });
    const pixelBytes = rows * columns * 2;
    await mkdir(folder(), { recursive: true });
    const file = path.join(folder(), 'large.dcm');
    const handle = await open(file, 'w');
    try {
      await handle.write(Buffer.concat([header, pixelDataElementHeader(pixelBytes)]));
      // A ramp down the rows, so that the preview has something to show.
      const band = Buffer.alloc(columns * 2 * 64);
      for (let top = 0; top < rows; top += 64) {
        band.fill(0);
        for (let r = 0; r < 64; r += 1) {
          for (let c = 0; c < columns; c += 1) band.writeUInt16LE(top + r, (r * columns + c) * 2);
        }
        await handle.write(band);
      }
    } finally {
      await handle.close();
    }
    const size = header.length + 12 + pixelBytes;
    const inspection = await inspectPixels(file, size);
    if (inspection.status !== 'AVAILABLE') throw new Error(`not renderable: ${inspection.status}`);

    const used = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
    const baseline = used();
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, used());
    }, 5);
    const png = PNG.sync.read(await renderPreview(file, inspection.layout));
    clearInterval(sampler);
    expect([png.width, png.height]).toEqual([512, 256]);
    // Each preview row is the mean of 16 source rows of the ramp, stretched over 0 … 4095.
    expect(greyAt(png, 100, 0)).toBe(0);
    expect(greyAt(png, 100, 128)).toBe(128);
    expect(greyAt(png, 100, 255)).toBe(255);
    expect(peak - baseline).toBeLessThan(24 * 1024 * 1024);
  }, 60_000);
});
