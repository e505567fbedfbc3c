import { and, eq, sql } from 'drizzle-orm';
import type { ParticipantType } from '@recovery-portal/contract/users';
import type { Database } from './client';
import { participantRecordCounts } from './schema/participant-record-counts';

/**
 * The exact number of nudges or coach conversations of participants of `participantType` (of
 * every participant when undefined), read from the totals the triggers of migration 0008 keep:
 * the nudge and coach lists use it when the type tab is their only filter.
 */
export async function keptRecordTotal(
  db: Database,
  recordTable: 'nudges' | 'conversations',
  participantType: ParticipantType | undefined,
): Promise<number> {
  const [kept] = await db
    .select({ n: sql<number>`coalesce(sum(${participantRecordCounts.n}), 0)::int` })
    .from(participantRecordCounts)
    .where(
      and(
        eq(participantRecordCounts.recordTable, recordTable),
        participantType ? eq(participantRecordCounts.participantType, participantType) : undefined,
      ),
    );
  return kept?.n ?? 0;
}
