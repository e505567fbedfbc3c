import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** One year, as HSTS preload lists ask for. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Strict CSP: scripts only from our origin. Styles allow inline because MUI's emotion injects
 * style elements at run time; see docs/decisions/0002-csp-inline-styles.md.
 */
const securityHeaders = helmet({
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

/** The wait a 429 names when whoever refused did not say how long. */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

/**
 * Helmet's headers on every answer. Its middleware is built once, above: @fastify/helmet built it
 * anew on every request, parsing the CSP directives each time (DESIGN §7, server cost per call).
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, () => done());
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    // request.protocol reads X-Forwarded-Proto only when TRUST_PROXY is on.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    // API answers hold patients' data: no browser or proxy may keep a copy.
    if (request.url.startsWith('/api')) reply.header('cache-control', 'no-store');
    // Every 429 says when to come back (RFC 9110); a refusal that knows its wait set it already.
    if (reply.statusCode === 429 && !reply.hasHeader('retry-after')) {
      reply.header('retry-after', DEFAULT_RETRY_AFTER_SECONDS);
    }
    done(null, payload);
  });
}
