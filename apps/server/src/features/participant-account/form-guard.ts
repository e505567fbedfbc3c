import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

const COOKIE = 'rp_participant_form';
const TOKEN = /^[\w-]{43}$/;

/**
 * CSRF protection of the participant pages' forms (double submit): an httpOnly,
 * SameSite=Strict cookie holds a random token and each form carries the same in a hidden
 * field, which another site can neither read nor set.
 */
export function createFormGuard(options: { path: string; secure: boolean }) {
  return {
    /** The browser's token, given a cookie first if it has none. */
    token(request: FastifyRequest, reply: FastifyReply): string {
      const current = request.cookies[COOKIE];
      if (current && TOKEN.test(current)) return current;
      const token = randomBytes(32).toString('base64url');
      reply.setCookie(COOKIE, token, {
        path: options.path,
        httpOnly: true,
        secure: options.secure,
        sameSite: 'strict',
      });
      return token;
    },

    /** Whether a posted form carries the browser's token. */
    holds(request: FastifyRequest, posted: string | undefined): boolean {
      const cookie = request.cookies[COOKIE];
      if (!cookie || !posted) return false;
      const [left, right] = [Buffer.from(cookie), Buffer.from(posted)];
      return left.length === right.length && timingSafeEqual(left, right);
    },
  };
}
