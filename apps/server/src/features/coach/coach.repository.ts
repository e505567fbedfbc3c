import { and, asc, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { CoachSortField } from '@recovery-portal/contract/coach';
import type { OrderDirection } from '@recovery-portal/contract/nudges';
import type { ParticipantType } from '@recovery-portal/contract/users';
import type { Database } from '#app/db/client';
import { keptRecordTotal } from '#app/db/participant-record-totals';
import { conversations } from '#app/db/schema/conversations';
import { users } from '#app/db/schema/users';
import { DAY_MS } from '#app/core/days';
import { listPageOf, listPageStatement, type AuditValues } from '#app/core/audit/record-audit';

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

/** The conversation's end in UTC in `format`, named: a column of the list's `page` CTE. */
const utc = (format: string, name: string) =>
  sql<string>`to_char(${conversations.endedAt} at time zone 'UTC', ${sql.raw(`'${format}'`)})`.as(
    name,
  );

const conversationColumns = {
  id: conversations.id,
  ended_at: utc('YYYY-MM-DD"T"HH24:MI:SS"Z"', 'ended_at'),
  date: utc('YYYY-MM-DD', 'date'),
  time: utc('HH24:MI', 'time'),
  summary: conversations.summary,
  patient_summary: conversations.patientSummary,
  // Named apart from the conversation's id in the `page` CTE.
  participant_id: sql<number>`${users.id}`.as('participant_id'),
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

function coachSortKey(query: CoachQuery): SQL {
  // 'created_at' is the spec's name; the portal shows when the conversation ended, so sort by it.
  return query.orderBy === 'participant'
    ? sql`lower(${users.firstName} || ' ' || ${users.lastName})`
    : sql`${conversations.endedAt}`;
}

/**
 * One page of participants' coach conversations and how many match, read by the statement that
 * writes the call's audit row, naming the participants the page shows (DESIGN §7: the session
 * check and this, two round trips). Built per call, as the filters shape it.
 */
export async function listConversations(
  db: Database,
  query: CoachQuery,
  paging: { start: number; pageSize: number },
  audit: AuditValues,
) {
  const where = coachWhere(query);
  const key = coachSortKey(query);
  // Sort key, then id in the same direction, so equal keys never swap between pages.
  const direction = query.direction === 'asc' ? asc : desc;
  const page = db.$with('page').as(
    db
      .select({ ...conversationColumns, sort_key: sql`${key}`.as('sort_key') })
      .from(conversations)
      .innerJoin(users, eq(users.id, conversations.userId))
      .where(where)
      .orderBy(direction(key), direction(conversations.id))
      .limit(paging.pageSize)
      .offset(paging.start),
  );
  const { sort_key: _sortKey, ...row } = page._.selectedFields;
  const total = db.$with('total').as(countConversations(db, query, where));
  const statement = listPageStatement(db, page, total, row, {
    direction: query.direction,
    audited: true,
  });
  return listPageOf(await statement.execute(audit));
}

/**
 * With no filter but the participant type, the kept participant_record_counts (migration 0008)
 * hold the exact total; a date or search filter counts the matching rows.
 */
function countConversations(db: Database, query: CoachQuery, where: SQL | undefined) {
  if (!query.search && !query.dateFrom && !query.dateTo) {
    return keptRecordTotal(db, 'conversations', query.userType);
  }
  return db
    .select({ n: sql<number>`count(*)::int`.as('n') })
    .from(conversations)
    .innerJoin(users, eq(users.id, conversations.userId))
    .where(where);
}
