import type { FastifyRequest } from 'fastify';
import type { AuditAction } from '@recovery-portal/contract/audit';
import type { Database } from '#app/db/client';
import { auditValues, recordAudit, type AuditEntry, type AuditValues } from './record-audit';

/** The action(s) a signed-in route records when it succeeds. */
export type AuditDeclaration = AuditAction | readonly AuditAction[];

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once the request has written a row to the audit trail. */
    audited: boolean;
  }
}

/**
 * What a caller states about an action; who, from where and which request come from the
 * request. The action defaults to the one the route declares in `config.audit`.
 */
export type RequestAuditEntry = Omit<
  AuditEntry,
  'actorId' | 'actorEmail' | 'clientAddress' | 'requestId' | 'action'
> & { action?: AuditAction };

/** Records an audit row for the calling staff member: what services take to audit their work. */
export type AuditFn = (entry: RequestAuditEntry) => Promise<void>;

/** The declared actions as a list (empty when the route declares none). */
export function declaredAuditActions(declaration: AuditDeclaration | undefined): AuditAction[] {
  if (declaration === undefined) return [];
  return typeof declaration === 'string' ? [declaration] : [...declaration];
}

/**
 * The one action the request's route declares. A route that declares none or several must
 * name the action it records: a row without one would say nothing, so this throws (the call
 * answers 500 and rolls back) and the route's tests catch it.
 */
function routeAuditAction(request: FastifyRequest): AuditAction {
  const declared = declaredAuditActions(request.routeOptions.config.audit);
  const [only] = declared;
  if (only !== undefined && declared.length === 1) return only;
  const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
  throw new Error(
    `${route} declares ${declared.length === 0 ? 'no audit action' : 'several audit actions'}: name the action it records`,
  );
}

type CallerEntry = Omit<AuditEntry, 'clientAddress' | 'requestId' | 'action'> & {
  action?: AuditAction;
};

/** The entry with who, from where and which request filled in from the request. */
function requestEntry(request: FastifyRequest, entry: CallerEntry): AuditEntry {
  return {
    actorId: request.staff?.id ?? null,
    actorEmail: request.staff?.email ?? null,
    clientAddress: request.ip,
    requestId: request.id,
    ...entry,
    action: entry.action ?? routeAuditAction(request),
  };
}

/** Audits an action taken by the request's caller, filling in who, from where and which request. */
export async function auditRequest(
  db: Database,
  request: FastifyRequest,
  entry: CallerEntry = {},
): Promise<void> {
  await recordAudit(db, requestEntry(request, entry));
  request.audited = true;
}

/**
 * Runs `work`, whose one statement writes the request's audit row itself (auditCte,
 * with these values): the row auditRequest would write, without a round trip of its own.
 */
export async function auditedWithin<T>(
  request: FastifyRequest,
  entry: CallerEntry,
  work: (audit: AuditValues) => Promise<T>,
): Promise<T> {
  const result = await work(auditValues(requestEntry(request, entry)));
  request.audited = true;
  return result;
}

/**
 * auditedWithin for a route that checks its caller's session in its own statement
 * (`config.sessionInStatement`): `work` reads the audit values once it has admitted the caller,
 * or, when its statement admits them itself, takes who acted from that statement.
 */
export async function auditedOnceAdmitted<T>(
  request: FastifyRequest,
  entry: CallerEntry,
  work: (audit: () => AuditValues) => Promise<T>,
): Promise<T> {
  const result = await work(() => auditValues(requestEntry(request, entry)));
  request.audited = true;
  return result;
}

/** The request's audit function, handed to a service so that it records in the caller's name. */
export function auditOf(db: Database, request: FastifyRequest): AuditFn {
  return (entry) => auditRequest(db, request, entry);
}
