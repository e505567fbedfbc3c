import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema/audit';

export interface AuditEntry {
  actorId?: number | null;
  actorEmail?: string | null;
  action: string;
  subjectType?: string | null;
  subjectId?: number | null;
  details?: Record<string, unknown> | null;
  clientAddress?: string | null;
  requestId?: string | null;
}

/** Appends one row to the audit trail; rows are never updated or deleted. */
export async function recordAudit(db: Database, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(entry);
}
