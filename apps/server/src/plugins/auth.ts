import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { StaffRole } from '@recovery-portal/contract/users';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { AppError } from '../lib/app-error';
import type { AccessTokens } from '../features/account/access-tokens';
import type { Database } from '../db/client';
import { findActiveStaff } from '../features/account/account.repository';

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
 * Authenticates every API route that is not public. The account is re-read on each call so that
 * suspending, deleting or changing the role of a staff member takes effect at once.
 */
export function registerAuth(app: FastifyInstance, deps: { db: Database; tokens: AccessTokens }) {
  app.decorateRequest('staff', null);
  app.addHook('onRequest', async (request) => {
    if (request.is404 || !request.url.startsWith('/api/')) return;
    const access = request.routeOptions.config.access ?? 'staff';
    if (access === 'public') return;
    const token = bearerToken(request);
    if (!token) throw new AppError('UNAUTHENTICATED', MESSAGES.auth.unauthenticated);
    const claims = await deps.tokens.verify(token);
    if (!claims) throw new AppError('UNAUTHENTICATED', MESSAGES.auth.tokenInvalid);
    const staff = await findActiveStaff(deps.db, claims.userId);
    if (!staff) throw new AppError('UNAUTHENTICATED', MESSAGES.auth.tokenInvalid);
    if (access !== 'staff' && !access.includes(staff.role)) {
      throw new AppError('FORBIDDEN', MESSAGES.auth.forbidden);
    }
    request.staff = staff;
  });
}
