import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_PARTICIPANT_LIST_QUERY,
  participantListResponseSchema,
} from '@recovery-portal/contract/participants';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { createParticipant } from '#app/test/factories';
import {
  authHeaders,
  buildTestApp,
  failure,
  loginAs,
  type LoggedInStaff,
  type TestApp,
} from '#app/test/build-test-app';
import { SYNC_COMPRESSION_MAX_BYTES } from './compression';

/** A stand-in build as Vite writes it: each text file with its .br and .gz beside it. */
const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{id:${i},label:"row ${i}"}`).join(',')}];`;
const INDEX_HTML = `<!doctype html><title>Recovery Portal</title><div id="root"></div>${'<!-- padding -->'.repeat(100)}`;

let webDistDir: string;
let testApp: TestApp;
let clinician: LoggedInStaff;

beforeAll(async () => {
  webDistDir = await mkdtemp(path.join(tmpdir(), 'rp-compress-web-'));
  await mkdir(path.join(webDistDir, 'assets'));
  for (const [file, content] of [
    ['assets/app-1a2b3c.js', SCRIPT],
    ['index.html', INDEX_HTML],
  ] as const) {
    await writeFile(path.join(webDistDir, file), content);
    await writeFile(path.join(webDistDir, `${file}.br`), brotliCompressSync(content));
    await writeFile(path.join(webDistDir, `${file}.gz`), gzipSync(content));
  }
  testApp = await buildTestApp({ WEB_DIST_DIR: webDistDir });
  clinician = await loginAs(testApp, 'CLINICIAN');
  for (let i = 0; i < 30; i += 1) {
    await createParticipant(testApp.db, { firstName: `Name${i}`, lastName: `Compressible${i}` });
  }
}, 60_000);

afterAll(async () => {
  await testApp.close();
  await rm(webDistDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  testApp.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('built portal files', () => {
  it('a browser that accepts Brotli gets the prebuilt .br file of a script, cached for good', async () => {
    const response = await get('/assets/app-1a2b3c.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('a client that accepts only gzip gets the .gz file', async () => {
    const response = await get('/assets/app-1a2b3c.js', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('a client that accepts no encoding gets the plain file', async () => {
    const response = await get('/assets/app-1a2b3c.js');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(SCRIPT);
  });

  it('a deep link gets the compressed index.html', async () => {
    const response = await get('/participant-details/12', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX_HTML);
  });
});

describe('API answers', () => {
  const list = (acceptEncoding?: string) =>
    testApp.app.inject({
      method: 'POST',
      url: API_PATHS.user.list,
      headers: {
        ...authHeaders(clinician.access_token),
        ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
      },
      payload: { ...DEFAULT_PARTICIPANT_LIST_QUERY, status: '', page_size: 50 },
    });

  it('a JSON answer over 1 KB is compressed by Accept-Encoding, and decodes to the same data', async () => {
    const plain = await list();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await list('gzip, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 2);
    const decoded = JSON.parse(brotliDecompressSync(br.rawPayload).toString()) as {
      _data: unknown;
    };
    expect(participantListResponseSchema.parse(decoded._data).users).toHaveLength(30);

    const gz = await list('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('a list page is compressed in one piece and goes out with its Content-Length', async () => {
    const plain = await list();
    // Over 8 KB, where @fastify/compress would switch to a zlib stream on 2 cores (4 KB on more).
    expect(plain.body.length).toBeGreaterThan(8 * 1024);
    expect(plain.body.length).toBeLessThanOrEqual(SYNC_COMPRESSION_MAX_BYTES);

    const br = await list('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['transfer-encoding']).toBeUndefined();
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });

  it('a small JSON answer goes out as it is: compressing it would cost more than it saves', async () => {
    const response = await get(API_PATHS.health, 'br');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toMatchObject({ _success: true });
  });

  it('a gzip-compressed request body is not inflated: it is refused as malformed JSON', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: API_PATHS.user.list,
      headers: {
        ...authHeaders(clinician.access_token),
        'content-type': 'application/json',
        'content-encoding': 'gzip',
      },
      payload: gzipSync(JSON.stringify(DEFAULT_PARTICIPANT_LIST_QUERY)),
    });
    expect(failure(response, 400, 'VALIDATION_ERROR')._error).toMatch(/not valid JSON/);
  });
});
