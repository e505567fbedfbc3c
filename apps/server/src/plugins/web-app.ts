import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { sendError } from './errors';

/**
 * Serves the built portal. Unknown non-API GETs get index.html so that reloading a deep link such
 * as /participant-details/12 loads the app; unknown API paths answer the JSON 404 envelope.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string) {
  const hasWebApp = existsSync(path.join(webDistDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside every text file (apps/web/build-plugins): sent by
      // Accept-Encoding, with Vary, instead of compressing on every request.
      preCompressed: true,
      // Source maps would hand out the portal's source; they are for local debugging only.
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      setHeaders(reply, filePath) {
        // Vite fingerprints everything under assets/, so those never change.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn(`portal build not found in ${webDistDir}; serving the API only`);
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      request.url !== '/api' &&
      // A missing (or refused: source map) file of the build is a 404, never the portal's page.
      !request.url.startsWith('/assets/');
    if (hasWebApp && isPage) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendError(reply, 404, 'NOT_FOUND', MESSAGES.http.notFound);
  });
}
