import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** One year, as HSTS preload lists ask for. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Strict CSP: scripts only from our origin. Styles allow inline because MUI's emotion injects
 * style elements at run time; see docs/decisions/0002-csp-inline-styles.md.
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // The same as frame-ancestors 'none', for browsers that only know the older header.
    frameguard: { action: 'deny' },
    // Sent below, only over HTTPS: over plain HTTP it would be ignored or pin a wrong origin.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'no-referrer' },
  });
  app.addHook('onSend', async (request, reply) => {
    // request.protocol reads X-Forwarded-Proto only when TRUST_PROXY is on.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    // API answers hold patients' data: no browser or proxy may keep a copy.
    if (request.url.startsWith('/api')) reply.header('cache-control', 'no-store');
  });
}
