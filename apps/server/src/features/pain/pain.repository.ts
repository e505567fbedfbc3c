import { desc, eq, sql } from 'drizzle-orm';
import type { PainLog } from '@recovery-portal/contract/pain';
import { preparedOutsideTransactions } from '#app/db/ambient-transaction';
import type { AuditValues } from '#app/core/audit/record-audit';
import {
  participantListStatement,
  participantCte,
  participantRecords,
} from '#app/core/audit/participant-read';
import { painLogColumns, toPainLog } from '#app/core/pain-logs';
import type { Database } from '#app/db/client';
import { painLogs } from '#app/db/schema/pain';

/**
 * The participant's last `n` pain reports, newest first, with the call's audit row (its details,
 * `{ n }`, come with the audit values): look-up, rows and row in one statement (DESIGN §7).
 */
const lastPainStatement = preparedOutsideTransactions((db) => {
  const participant = participantCte(db);
  const rows = db
    .$with('rows')
    .as(
      db
        .select(painLogColumns)
        .from(participant)
        .innerJoin(painLogs, eq(painLogs.userId, participant.id))
        .orderBy(desc(painLogs.recordedAt), desc(painLogs.id))
        .limit(sql.placeholder('n')),
    );
  return participantListStatement(db, { participant, rows, details: null }, rows._.selectedFields)
    .orderBy(desc(rows.recordedAt), desc(rows.id))
    .prepare('participant_pain_audited');
});

/** The participant's last `n` reports read with the call's audit row; 404 for no participant. */
export async function auditedLastPainLogs(
  db: Database,
  id: number,
  n: number,
  audit: AuditValues,
): Promise<PainLog[]> {
  const rows = await lastPainStatement(db).execute({ ...audit, participantId: id, n });
  return participantRecords(rows, id).map(toPainLog);
}
