import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** What is worth compressing on the fly: JSON, HTML and other text. Files and images are not. */
const COMPRESSIBLE_TYPES = /^text\/(?!event-stream)|[/+]json(?:;|$)|[/+]xml(?:;|$)/;

/**
 * Compresses answers of at least 1 KB by Accept-Encoding (Brotli at quality 4, else gzip): the
 * participant list and details answers, the CSV export, the OpenAPI document. Built portal files
 * are compressed once at build time and served as they are (plugins/web-app.ts), which this
 * leaves alone because they already carry a Content-Encoding. Request bodies are never
 * decompressed: the API takes plain JSON, and a compressed body would slip past the body limit's
 * intent (a few KB inflating to gigabytes).
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE_TYPES,
  });
}
