import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER } from '@recovery-portal/contract/constants';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { sendError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Double-submit CSRF protection: every response to a client without the XSRF-TOKEN cookie sets
 * one (readable by scripts, SameSite=Strict), and every unsafe API call must echo it in a header.
 */
export function registerCsrf(app: FastifyInstance, options: { secureCookie: boolean }) {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const cookie = request.cookies[CSRF_COOKIE];
    if (!cookie) {
      reply.setCookie(CSRF_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'strict',
        httpOnly: false,
        secure: options.secureCookie,
      });
    }
    // The matched route's path rather than request.url, which may percent-encode '/api/'.
    const routeUrl = request.routeOptions.url;
    if (SAFE_METHODS.has(request.method) || !routeUrl?.startsWith('/api/')) return;
    const header = request.headers[CSRF_HEADER.toLowerCase()];
    if (!cookie || typeof header !== 'string' || !sameToken(header, cookie)) {
      return sendError(reply, 403, 'CSRF_REJECTED', MESSAGES.auth.csrfRejected);
    }
  });
}
