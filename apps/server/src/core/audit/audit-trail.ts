import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import type { Database } from '#app/db/client';
import { AppError } from '#app/lib/app-error';
import { auditRequest, declaredAuditActions, type AuditDeclaration } from './request-audit';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What the route writes to the audit trail on success. Every route that is not public
     * declares it (a test walks the route table to hold every route to that).
     */
    audit?: AuditDeclaration;
    /**
     * false keeps a signed-in route that changes data out of the request transaction. Only for
     * a route that must not hold a transaction while it works (the DICOM upload streams for as
     * long as the client sends) and that writes its change and audit row in one itself.
     */
    requestTransaction?: false;
    /**
     * A POST that only reads (a list or chart whose query travels in the body): like a GET it
     * writes its audit row on its own, without the cost of a request transaction per call.
     */
    readOnly?: true;
  }
}

const CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Signed-in routes that may change data: each call runs in one transaction with its audit rows. */
export function runsInRequestTransaction(
  route: Pick<RouteOptions, 'method' | 'url' | 'config'>,
): boolean {
  const methods = typeof route.method === 'string' ? [route.method] : route.method;
  const config = route.config as
    { access?: unknown; requestTransaction?: false; readOnly?: true } | undefined;
  return (
    route.url.startsWith('/api/') &&
    (config?.access ?? 'staff') !== 'public' &&
    config?.requestTransaction !== false &&
    config?.readOnly !== true &&
    methods.some((method) => CHANGING_METHODS.has(method))
  );
}

/**
 * The declared action for a signed-in call that succeeded without recording any (it forgot,
 * or an early return skipped it), with the route and its parameters; the gap is logged so
 * that it gets fixed.
 */
async function auditWhenUnrecorded(db: Database, request: FastifyRequest, reply: FastifyReply) {
  if (!request.staff || request.audited || reply.statusCode < 200 || reply.statusCode >= 300) {
    return;
  }
  const [declared] = declaredAuditActions(request.routeOptions.config.audit);
  const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
  request.log.error({ route }, 'a signed-in call succeeded without writing an audit row');
  await auditRequest(db, request, {
    action: declared ?? AUDIT_ACTIONS.apiRequest,
    details: { unaudited_route: route, params: request.params ?? null },
  });
}

const DENIALS = new Set([401, 403, 404]);

/**
 * A refused call to a signed-in data route (no or a bad token, a wrong role, an id that is not
 * there or not theirs) is recorded with who (when known), what and when: probing for patients'
 * records must leave a trace. Refusals of unknown callers are folded, one row per source and
 * minute with their count (record-audit.ts). The documentation routes hold no one's data.
 */
async function auditWhenDenied(db: Database, request: FastifyRequest, reply: FastifyReply) {
  const route = request.routeOptions.url;
  if (!DENIALS.has(reply.statusCode) || request.is404 || !route?.startsWith('/api/')) return;
  if ((request.routeOptions.config.access ?? 'staff') === 'public') return;
  if (route.startsWith('/api/docs')) return;
  await auditRequest(db, request, {
    action: AUDIT_ACTIONS.accessDenied,
    details: {
      route: `${request.method} ${route}`,
      status: reply.statusCode,
      params: request.params ?? null,
    },
    // Without a signed-in caller anyone can send these without end: one row per address and minute.
    ...(request.staff ? {} : { folded: true }),
  });
}

/**
 * Guarantees that every signed-in call that succeeds leaves at least one audit row, and that a
 * change and its audit rows commit together or not at all.
 *
 * A signed-in route that may change data runs its whole handler in one transaction, which
 * every query through `db` joins (db/ambient-transaction.ts), audit rows included; the answer
 * leaves only after the commit. Anything thrown rolls it all back and answers 5xx, except a
 * refusal (AppError): that is an answer like any other, so what the handler recorded before
 * refusing (a wrong code counted against the sign-in throttle, its audit row) commits with it.
 * Reads record their row before answering, as they change nothing that could roll back.
 */
export function registerAuditTrail(app: FastifyInstance, db: Database) {
  app.decorateRequest('audited', false);
  app.addHook('onRoute', (route) => {
    if (!runsInRequestTransaction(route)) return;
    const handler = route.handler;
    route.handler = async function inRequestTransaction(request, reply) {
      let refusal: AppError | undefined;
      const answer: unknown = await db.transaction(async () => {
        try {
          const result: unknown = await handler.call(this, request, reply);
          await auditWhenUnrecorded(db, request, reply);
          return result;
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          refusal = error;
          return undefined;
        }
      });
      if (refusal) throw refusal;
      return answer;
    };
  });
  app.addHook('onSend', async (request, reply, payload) => {
    await auditWhenUnrecorded(db, request, reply);
    await auditWhenDenied(db, request, reply);
    return payload;
  });
}
