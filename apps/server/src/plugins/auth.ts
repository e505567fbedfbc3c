import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { StaffRole } from '@recovery-portal/contract/users';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { AppError } from '#app/lib/app-error';
import type { AccessTokens } from '#app/core/auth/access-tokens';
import type { Database } from '#app/db/client';
import { prepareFindSignedInStaff } from '#app/core/auth/sessions';

/**
 * Who may call a route: 'public' (no token), 'staff' (any signed-in staff member) or a list of
 * roles. Routes without a declaration are treated as 'staff', so forgetting it never opens a route.
 */
export type RouteAccess = 'public' | 'staff' | readonly StaffRole[];

export interface StaffPrincipal {
  id: number;
  role: StaffRole;
  email: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    staff: StaffPrincipal | null;
  }
}

/** The signed-in staff member of a route that is not public. */
export function currentStaff(request: FastifyRequest): StaffPrincipal {
  if (!request.staff) throw new AppError('UNAUTHENTICATED', MESSAGES.auth.unauthenticated);
  return request.staff;
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Authenticates every API route that is not public. The account and the token's session are
 * re-read on each call so that suspending, deleting or changing the role of a staff member, and
 * revoking a session, take effect at once.
 */
export function registerAuth(app: FastifyInstance, deps: { db: Database; tokens: AccessTokens }) {
  app.decorateRequest('staff', null);
  const findSignedInStaff = prepareFindSignedInStaff(deps.db);
  app.addHook('onRequest', async (request) => {
    // The matched route's path, never request.url: the router decodes percent-escapes, so
    // '/%61pi/user/list' reaches an /api route although its URL does not start with '/api/'.
    if (request.is404 || !request.routeOptions.url?.startsWith('/api/')) return;
    const access = request.routeOptions.config.access ?? 'staff';
    if (access === 'public') return;
    const token = bearerToken(request);
    if (!token) throw new AppError('UNAUTHENTICATED', MESSAGES.auth.unauthenticated);
    const claims = await deps.tokens.verify(token);
    if (!claims) throw new AppError('UNAUTHENTICATED', MESSAGES.auth.tokenInvalid);
    // A revoked session (logout, an administrator revoking it, deactivation) ends its access
    // tokens here at once, not when they expire.
    const staff = await findSignedInStaff(claims.userId, claims.sessionId);
    if (!staff) throw new AppError('UNAUTHENTICATED', MESSAGES.auth.tokenInvalid);
    // Known before the role check, so that a refusal is audited as this staff member's.
    request.staff = staff;
    if (access !== 'staff' && !access.includes(staff.role)) {
      throw new AppError('FORBIDDEN', MESSAGES.auth.forbidden);
    }
  });
}
