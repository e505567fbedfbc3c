import type { FastifyRequest } from 'fastify';
import type { Database } from '#app/db/client';
import { recordAudit, type AuditEntry } from './record-audit';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once the request has written a row to the audit trail. */
    audited: boolean;
  }
}

/** What a caller states about an action; who, from where and which request come from the request. */
export type RequestAuditEntry = Omit<
  AuditEntry,
  'actorId' | 'actorEmail' | 'clientAddress' | 'requestId'
>;

/** Records an audit row for the calling staff member: what services take to audit their work. */
export type AuditFn = (entry: RequestAuditEntry) => Promise<void>;

/** Audits an action taken by the request's caller, filling in who, from where and which request. */
export async function auditRequest(
  db: Database,
  request: FastifyRequest,
  entry: Omit<AuditEntry, 'clientAddress' | 'requestId'>,
): Promise<void> {
  await recordAudit(db, {
    actorId: request.staff?.id ?? null,
    actorEmail: request.staff?.email ?? null,
    clientAddress: request.ip,
    requestId: request.id,
    ...entry,
  });
  request.audited = true;
}

/** The request's audit function, handed to a service so that it records in the caller's name. */
export function auditOf(db: Database, request: FastifyRequest): AuditFn {
  return (entry) => auditRequest(db, request, entry);
}
