import type { FastifyInstance } from 'fastify';
import { AUDIT_ACTIONS, type AuditAction } from '@recovery-portal/contract/audit';
import type { Database } from '../../db/client';
import { auditRequest } from './request-audit';

/** The action(s) a signed-in route records when it succeeds. */
export type AuditDeclaration = AuditAction | readonly AuditAction[];

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What the route writes to the audit trail on success. Every route that is not public
     * declares it (a test walks the route table to hold every route to that).
     */
    audit?: AuditDeclaration;
  }
}

/** The declared actions as a list (empty when the route declares none). */
export function declaredAuditActions(declaration: AuditDeclaration | undefined): AuditAction[] {
  if (declaration === undefined) return [];
  return typeof declaration === 'string' ? [declaration] : [...declaration];
}

/**
 * Guarantees that every signed-in call that succeeds leaves at least one audit row: if the
 * handler recorded none (it forgot, or an early return skipped it), the route's declared
 * action is recorded here, before the response goes out, with the route and its parameters,
 * and the gap is logged so that it gets fixed.
 */
export function registerAuditTrail(app: FastifyInstance, db: Database) {
  app.decorateRequest('audited', false);
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.staff || request.audited || reply.statusCode < 200 || reply.statusCode >= 300) {
      return payload;
    }
    const [declared] = declaredAuditActions(request.routeOptions.config.audit);
    const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
    request.log.error({ route }, 'a signed-in call succeeded without writing an audit row');
    await auditRequest(db, request, {
      action: declared ?? AUDIT_ACTIONS.apiRequest,
      details: { unaudited_route: route, params: request.params ?? null },
    });
    return payload;
  });
}
