import type { FastifyInstance, FastifyRequest } from 'fastify';
import { STAFF_ROLES, type StaffRole } from '@recovery-portal/contract/users';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { AppError } from '#app/lib/app-error';
import type { AccessTokens } from '#app/core/auth/access-tokens';
import type { Database } from '#app/db/client';
import {
  prepareFindSignedInStaff,
  staffOf,
  type SignedInRow,
  type StaffPrincipal,
} from '#app/core/auth/sessions';
import type { StatementCaller } from '#app/core/auth/statement-caller';

export type { StaffPrincipal } from '#app/core/auth/sessions';

/**
 * Who may call a route: 'public' (no token), 'staff' (any signed-in staff member) or a list of
 * roles. Routes without a declaration are treated as 'staff', so forgetting it never opens a route.
 */
export type RouteAccess = 'public' | 'staff' | readonly StaffRole[];

/**
 * The session of a call to a route that checks it in the statement answering the call
 * (`config.sessionInStatement`): the token's signature and expiry are checked, the account and
 * session not yet. `admit` admits the staff member that statement found, or refuses the call
 * exactly as the hook would have (401 for none, 403 for a role the route does not admit);
 * `check` does the same with the hook's own statement (for a client error raised before the
 * handler admitted anyone, plugins/errors.ts).
 */
export interface PendingSession extends StatementCaller {
  admit(found: SignedInRow | null | undefined): StaffPrincipal;
  check(): Promise<StaffPrincipal>;
  /** True once admit or check has run. */
  readonly settled: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /**
     * The handler checks the account and session in the statement that answers the call (its
     * read and audit row gated on it), which saves the call a round trip, and admits the staff
     * member it found (PendingSession). Until then, an error answers as the session check would.
     */
    sessionInStatement?: true;
  }
  interface FastifyRequest {
    staff: StaffPrincipal | null;
    pendingSession: PendingSession | null;
  }
}

/** The signed-in staff member of a route that is not public. */
export function currentStaff(request: FastifyRequest): StaffPrincipal {
  if (!request.staff) throw new AppError('UNAUTHENTICATED', MESSAGES.auth.unauthenticated);
  return request.staff;
}

/** The session a route declaring `sessionInStatement` checks itself. */
export function pendingSessionOf(request: FastifyRequest): PendingSession {
  if (!request.pendingSession) throw new AppError('UNAUTHENTICATED', MESSAGES.auth.unauthenticated);
  return request.pendingSession;
}

/**
 * Whether the call's session is yet to be checked: an error before its handler did so (an
 * invalid body, say) answers as the check would have, 401 or 403 first.
 */
export function sessionUnchecked(request: FastifyRequest): request is FastifyRequest & {
  pendingSession: PendingSession;
} {
  return request.pendingSession !== null && !request.pendingSession.settled;
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** Admits `staff` to a route with this access, or refuses the call. */
function admit(
  request: FastifyRequest,
  staff: StaffPrincipal | undefined,
  access: Exclude<RouteAccess, 'public'>,
): StaffPrincipal {
  if (!staff) throw new AppError('UNAUTHENTICATED', MESSAGES.auth.tokenInvalid);
  // Known before the role check, so that a refusal is audited as this staff member's.
  request.staff = staff;
  if (access !== 'staff' && !access.includes(staff.role)) {
    throw new AppError('FORBIDDEN', MESSAGES.auth.forbidden);
  }
  return staff;
}

/**
 * Authenticates every API route that is not public. The account and the token's session are
 * re-read on each call so that suspending, deleting or changing the role of a staff member, and
 * revoking a session, take effect at once: here, or for a route declaring `sessionInStatement`,
 * by the statement that answers the call.
 */
export function registerAuth(app: FastifyInstance, deps: { db: Database; tokens: AccessTokens }) {
  app.decorateRequest('staff', null);
  app.decorateRequest('pendingSession', null);
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
    if (request.routeOptions.config.sessionInStatement) {
      let settled = false;
      const settle = (found: SignedInRow | null | undefined) => {
        settled = true;
        return admit(request, staffOf(found), access);
      };
      request.pendingSession = {
        userId: claims.userId,
        sessionId: claims.sessionId,
        roles: access === 'staff' ? STAFF_ROLES : access,
        admit: settle,
        check: async () => settle(await findSignedInStaff(claims.userId, claims.sessionId)),
        get settled() {
          return settled;
        },
      };
      return;
    }
    // A revoked session (logout, an administrator revoking it, deactivation) ends its access
    // tokens here at once, not when they expire.
    admit(request, await findSignedInStaff(claims.userId, claims.sessionId), access);
  });
  app.addHook('onSend', async (request, reply) => {
    // A route that checks its session itself must have done so before anything it answers.
    if (sessionUnchecked(request) && reply.statusCode < 400) {
      throw new Error(`${request.routeOptions.url ?? ''} answered without checking its session`);
    }
  });
}
