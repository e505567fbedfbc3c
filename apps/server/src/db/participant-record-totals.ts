import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Database } from './client';
import { participantRecordCounts } from './schema/participant-record-counts';

/**
 * The exact number of nudges or coach conversations of participants of `participantType` (a
 * placeholder of the list's statement; of every participant when undefined), read from the
 * totals the triggers of migration 0008 keep: the nudge and coach lists use it when the type tab
 * is their only filter. A query of one row `{ n }`, for the list's own statement to read (a
 * CTE), so the total takes no round trip; read only when `gate` holds (0 otherwise).
 */
export function keptRecordTotal(
  db: Database,
  recordTable: 'nudges' | 'conversations',
  participantType: Placeholder | undefined,
  gate?: SQL,
) {
  return db
    .select({ n: sql<number>`coalesce(sum(${participantRecordCounts.n}), 0)::int`.as('n') })
    .from(participantRecordCounts)
    .where(
      and(
        eq(participantRecordCounts.recordTable, recordTable),
        participantType ? eq(participantRecordCounts.participantType, participantType) : undefined,
        gate,
      ),
    );
}
