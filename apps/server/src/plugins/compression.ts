import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** What is worth compressing on the fly: JSON, HTML and other text. Files and images are not. */
const COMPRESSIBLE_TYPES = /^text\/(?!event-stream)|[/+]json(?:;|$)|[/+]xml(?:;|$)/;

/**
 * Answers up to this size are compressed in one call rather than through a zlib stream, which
 * covers every page of the lists. Brotli at quality 3 takes well under a millisecond for it.
 */
export const SYNC_COMPRESSION_MAX_BYTES = 64 * 1024;

/**
 * Quality 3 and a 256 KB window instead of Brotli's 4 MB: each answer allocates and clears its
 * window, and at 4 MB that cost more than compressing did. On a 10 KB participant list page
 * (2026-11-28), quality 3 took 0.17 ms where the recommended 4 took 0.28 ms, a tenth of the
 * call's CPU, for 65 more bytes (1,531 against 1,466).
 */
export const BROTLI_QUALITY = 3;

const BROTLI_OPTIONS = {
  params: {
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    [constants.BROTLI_PARAM_LGWIN]: 18,
  },
};

/**
 * Compresses answers of at least 1 KB by Accept-Encoding (Brotli, else gzip): the participant
 * list and details answers, the CSV export, the OpenAPI document. Built portal files are
 * compressed once at build time and served as they are (plugins/web-app.ts), which this leaves
 * alone because they already carry a Content-Encoding. Request bodies are never decompressed:
 * the API takes plain JSON, and a compressed body would slip past the body limit's intent (a
 * few KB inflating to gigabytes).
 *
 * DESIGN §7: with the plugin's defaults on 2 cores (a zlib stream for anything over 8 KB, and
 * Brotli's 4 MB window), a compressed participant list page cost the server about 1.5 ms more
 * CPU than the same page uncompressed. Side by side, these settings took 0.4–0.9 ms of that off.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    syncThreshold: SYNC_COMPRESSION_MAX_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: BROTLI_OPTIONS,
    customTypes: COMPRESSIBLE_TYPES,
  });
}
