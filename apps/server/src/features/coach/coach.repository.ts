import { and, asc, count, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { CoachSortField } from '@recovery-portal/contract/coach';
import type { OrderDirection } from '@recovery-portal/contract/nudges';
import type { ParticipantType } from '@recovery-portal/contract/users';
import type { Database } from '#app/db/client';
import { keptRecordTotal } from '#app/db/participant-record-totals';
import { conversations } from '#app/db/schema/conversations';
import { users } from '#app/db/schema/users';
import { DAY_MS } from '#app/core/days';

/** The filters and sort of the coach list, normalised (no empty strings). */
export interface CoachQuery {
  /** Substring of the summary or the participant's name; '' for none. */
  search: string;
  /** Inclusive UTC days (YYYY-MM-DD) the conversation ended on. */
  dateFrom?: string;
  dateTo?: string;
  userType?: ParticipantType;
  orderBy: CoachSortField;
  direction: OrderDirection;
}

/** `%text%` for LIKE, with the user's own % _ and \ matched literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function startOfUtcDay(isoDate: string, plusDays = 0): Date {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + plusDays * DAY_MS);
}

const utc = (format: string) =>
  sql<string>`to_char(${conversations.endedAt} at time zone 'UTC', ${sql.raw(`'${format}'`)})`;

const conversationColumns = {
  id: conversations.id,
  ended_at: utc('YYYY-MM-DD"T"HH24:MI:SS"Z"'),
  date: utc('YYYY-MM-DD'),
  time: utc('HH24:MI'),
  summary: conversations.summary,
  patient_summary: conversations.patientSummary,
  participant_id: users.id,
  first_name: users.firstName,
  last_name: users.lastName,
  birth_date: users.birthDate,
  mrn: users.mrn,
  markers: conversations.markers,
  transcript: conversations.transcript,
  next_best_action: conversations.nextBestAction,
  next_visit_date: conversations.nextVisitDate,
};
export type ConversationRow = Awaited<ReturnType<typeof listConversations>>['rows'][number];

function coachWhere(query: CoachQuery): SQL | undefined {
  const pattern = query.search ? containsPattern(query.search) : null;
  return and(
    // Row-level rule: only participants' conversations are listed.
    eq(users.role, 'PARTICIPANT'),
    query.userType ? eq(users.participantType, query.userType) : undefined,
    query.dateFrom ? gte(conversations.endedAt, startOfUtcDay(query.dateFrom)) : undefined,
    query.dateTo ? lt(conversations.endedAt, startOfUtcDay(query.dateTo, 1)) : undefined,
    pattern
      ? or(
          sql`${conversations.searchText} like ${pattern}`,
          sql`${users.searchText} like ${pattern}`,
        )
      : undefined,
  );
}

/** Sort key, then id in the same direction, so equal keys never swap between pages. */
function coachOrder(query: CoachQuery): SQL[] {
  const direction = query.direction === 'asc' ? asc : desc;
  // 'created_at' is the spec's name; the portal shows when the conversation ended, so sort by it.
  const key =
    query.orderBy === 'participant'
      ? sql`lower(${users.firstName} || ' ' || ${users.lastName})`
      : sql`${conversations.endedAt}`;
  return [direction(key), direction(conversations.id)];
}

/** One page of participants' coach conversations and how many match. */
export async function listConversations(
  db: Database,
  query: CoachQuery,
  paging: { start: number; pageSize: number },
) {
  const where = coachWhere(query);
  const rows = await db
    .select(conversationColumns)
    .from(conversations)
    .innerJoin(users, eq(users.id, conversations.userId))
    .where(where)
    .orderBy(...coachOrder(query))
    .limit(paging.pageSize)
    .offset(paging.start);
  return { rows, total: await countConversations(db, query, where) };
}

/**
 * With no filter but the participant type, the kept participant_record_counts (migration 0008)
 * hold the exact total; a date or search filter counts the matching rows.
 */
async function countConversations(db: Database, query: CoachQuery, where: SQL | undefined) {
  if (!query.search && !query.dateFrom && !query.dateTo) {
    return keptRecordTotal(db, 'conversations', query.userType);
  }
  const [counted] = await db
    .select({ n: count() })
    .from(conversations)
    .innerJoin(users, eq(users.id, conversations.userId))
    .where(where);
  return counted?.n ?? 0;
}
