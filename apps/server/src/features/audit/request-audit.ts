import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { recordAudit, type AuditEntry } from './audit.repository';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once the request has written a row to the audit trail. */
    audited: boolean;
  }
}

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
