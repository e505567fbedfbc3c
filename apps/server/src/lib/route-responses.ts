import type { Readable } from 'node:stream';
import { z } from 'zod';

/**
 * A file's bytes, a Buffer or a stream. Fastify sends both as they are, never through the
 * response serializer, so the schema only names the body in the OpenAPI document.
 */
const fileBody = z.custom<Buffer | Readable>().meta({ type: 'string', format: 'binary' });

/** Declares a success answer that is a file rather than the JSON envelope, by its media type. */
export function fileResponse(mediaType: string, description: string) {
  return { description, content: { [mediaType]: { schema: fileBody } } };
}

/**
 * Declares a redirect: no body, the Location header says where. `undefined` is what the
 * OpenAPI document shows as no content.
 */
export function redirectResponse(description: string) {
  return z.undefined().describe(description);
}
