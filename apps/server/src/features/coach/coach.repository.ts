import { and, asc, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { CoachSortField } from '@recovery-portal/contract/coach';
import type { OrderDirection } from '@recovery-portal/contract/nudges';
import type { ParticipantType } from '@recovery-portal/contract/users';
import { preparedPerShapeOutsideTransactions } from '#app/db/ambient-transaction';
import type { Database } from '#app/db/client';
import {
  callerChecked,
  type CallerCheck,
  type StatementCaller,
} from '#app/core/auth/statement-caller';
import { keptRecordTotal } from '#app/db/participant-record-totals';
import { pageWindow, pageWindowValues, readAheadIds, readAheadTo } from '#app/db/read-ahead';
import { conversations } from '#app/db/schema/conversations';
import { users } from '#app/db/schema/users';
import { DAY_MS } from '#app/core/days';
import {
  admittedListPage,
  admittedListPageAuditedAfter,
  listPageStatement,
  type AuditValues,
} from '#app/core/audit/record-audit';

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

/**
 * The filters of `query` with their values as placeholders (coachParams binds them), so that one
 * statement serves every query of its shape (coachShape).
 */
function coachWhere(query: CoachQuery): SQL | undefined {
  const pattern = sql.placeholder('pattern');
  return and(
    // Row-level rule: only participants' conversations are listed. Written, not bound, so that a
    // kept statement's generic plan is costed for it.
    sql`${users.role} = 'PARTICIPANT'`,
    query.userType ? eq(users.participantType, sql.placeholder('userType')) : undefined,
    query.dateFrom ? gte(conversations.endedAt, sql.placeholder('endedFrom')) : undefined,
    query.dateTo ? lt(conversations.endedAt, sql.placeholder('endedBefore')) : undefined,
    query.search
      ? or(
          sql`${conversations.searchText} like ${pattern}`,
          sql`${users.searchText} like ${pattern}`,
        )
      : undefined,
  );
}

/** The values of coachWhere's placeholders for `query`. */
function coachParams(query: CoachQuery) {
  return {
    userType: query.userType ?? null,
    endedFrom: query.dateFrom ? startOfUtcDay(query.dateFrom).toISOString() : null,
    endedBefore: query.dateTo ? startOfUtcDay(query.dateTo, 1).toISOString() : null,
    pattern: query.search ? containsPattern(query.search) : null,
  };
}

/** Which filters `query` uses and how it sorts: what its list statement's text depends on. */
function coachShape(query: CoachQuery): string {
  return [
    query.userType ? 't' : '',
    query.dateFrom ? 'a' : '',
    query.dateTo ? 'b' : '',
    query.search ? 'q' : '',
    query.orderBy === 'participant' ? 'p' : 'e',
    query.direction === 'asc' ? 'u' : 'w',
  ].join('');
}

function coachSortKey(query: CoachQuery): SQL {
  // 'created_at' is the spec's name; the portal shows when the conversation ended, so sort by it.
  return query.orderBy === 'participant'
    ? sql`lower(${users.firstName} || ' ' || ${users.lastName})`
    : sql`${conversations.endedAt}`;
}

/**
 * The conversations of the page: with a read-ahead (readAheadTo), the page's places among the
 * list's first ids, numbered by their place; past the last read-ahead, by a bound LIMIT and
 * OFFSET in a statement planned with its values.
 */
function coachPage(db: Database, query: CoachQuery, readAhead: number | undefined, gate?: SQL) {
  const where = coachWhere(query);
  const key = coachSortKey(query);
  // Sort key, then id in the same direction, so equal keys never swap between pages.
  const direction = query.direction === 'asc' ? asc : desc;
  const order = [direction(key), direction(conversations.id)];
  if (readAhead === undefined) {
    return db
      .select({ ...conversationColumns, sort_key: sql<unknown>`${key}`.as('sort_key') })
      .from(conversations)
      .innerJoin(users, eq(users.id, conversations.userId))
      .where(and(where, gate))
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
  }
  const ordered = db
    .select({ id: conversations.id })
    .from(conversations)
    .innerJoin(users, eq(users.id, conversations.userId))
    .where(where)
    .orderBy(...order);
  return db
    .select({ ...conversationColumns, sort_key: sql<unknown>`p.ord`.as('sort_key') })
    .from(sql`unnest(${readAheadIds(ordered, readAhead)}) with ordinality as p(id, ord)`)
    .innerJoin(conversations, sql`${conversations.id} = p.id`)
    .innerJoin(users, eq(users.id, conversations.userId))
    .where(and(gate, pageWindow(sql`p.ord`)));
}

/** A coach list page and its total in one statement (listPageStatement), `audited` or not. */
function coachListQuery(
  db: Database,
  query: CoachQuery,
  options: { audited: boolean; readAhead?: number; caller?: CallerCheck },
) {
  const gate = options.caller?.admitted;
  const page = db.$with('page').as(coachPage(db, query, options.readAhead, gate));
  const { sort_key: _sortKey, ...row } = page._.selectedFields;
  const total = db.$with('total').as(countConversations(db, query, coachWhere(query), gate));
  // A read-ahead page's sort key is its place in the list.
  const sortDirection = options.readAhead === undefined ? query.direction : 'asc';
  return listPageStatement(db, page, total, row, { ...options, sortDirection });
}

/**
 * The list as it first opens and pages (no filter but the type tab, whose total is kept, and a
 * read-ahead): page, total and the call's audit row in one statement, one per shape (coachShape:
 * the type tab and the sort; and the read-ahead), built once and kept by name, so the server
 * builds no SQL per call and PostgreSQL plans it once per connection.
 */
const keptTotalCoachList = preparedPerShapeOutsideTransactions(
  ({ query, readAhead }: { query: CoachQuery; readAhead: number }) =>
    `coach_list_${coachShape(query)}_${String(readAhead)}`,
  (db, { query, readAhead }, name) =>
    coachListQuery(db, query, { audited: true, readAhead, caller: callerChecked(db) }).prepare(
      name,
    ),
);

/**
 * One page of participants' coach conversations and how many match, with the call's audit row
 * naming the participants the page shows (`audit`, read once the caller is admitted): with only
 * the type tab, all in one statement that checks the caller's session too (StatementCaller: one
 * round trip, DESIGN §7); with a date or search, whose total is counted, the session check, page
 * and total in one statement that writes nothing, so that PostgreSQL may count in parallel
 * (listPageStatement), and the audit row after it: two round trips.
 */
export async function listConversations(
  db: Database,
  query: CoachQuery,
  paging: { start: number; pageSize: number },
  caller: StatementCaller,
  audit: () => AuditValues,
) {
  const values = { ...coachParams(query), ...pageWindowValues(paging), limit: paging.pageSize };
  const readAhead = readAheadTo(paging.start + paging.pageSize);
  if (totalIsKept(query)) {
    const statement =
      readAhead === undefined
        ? coachListQuery(db, query, { audited: true, caller: callerChecked(db) })
        : keptTotalCoachList(db, { query, readAhead });
    return admittedListPage(statement, values, caller, audit);
  }
  const unaudited = coachListQuery(db, query, { audited: false, caller: callerChecked(db) });
  return admittedListPageAuditedAfter(db, unaudited, values, caller, audit);
}

/**
 * With no filter but the participant type, the kept participant_record_counts (migration 0008)
 * hold the exact total.
 */
function totalIsKept(query: CoachQuery): boolean {
  return !query.search && !query.dateFrom && !query.dateTo;
}

/** The list's total: kept (totalIsKept), or else the matching rows counted. */
function countConversations(db: Database, query: CoachQuery, where: SQL | undefined, gate?: SQL) {
  if (totalIsKept(query)) {
    const userType = query.userType ? sql.placeholder('userType') : undefined;
    return keptRecordTotal(db, 'conversations', userType, gate);
  }
  return db
    .select({ n: sql<number>`count(*)::int`.as('n') })
    .from(conversations)
    .innerJoin(users, eq(users.id, conversations.userId))
    .where(and(where, gate));
}
