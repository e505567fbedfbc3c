import { eq } from 'drizzle-orm';
import type { Database } from '#app/db/client';
import { auditLog } from '#app/db/schema/audit';

/** The request id the server answered a call with (its audit rows carry it). */
function requestIdOf(response: { headers: Record<string, unknown> }): string {
  return String(response.headers['x-request-id']);
}

/** What a call wrote to the audit trail: the action, subject and details of each of its rows. */
export function auditedReadsOf(db: Database, response: { headers: Record<string, unknown> }) {
  return db
    .select({
      action: auditLog.action,
      subjectType: auditLog.subjectType,
      subjectId: auditLog.subjectId,
      details: auditLog.details,
    })
    .from(auditLog)
    .where(eq(auditLog.requestId, requestIdOf(response)))
    .orderBy(auditLog.id);
}
