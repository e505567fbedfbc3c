import { and, asc, desc, eq, gte, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type {
  NudgeDetail,
  Nudge,
  NudgeFeedbackFilter,
  NudgeSortField,
  NudgeStatus,
  OrderDirection,
} from '@recovery-portal/contract/nudges';
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
import { nudges } from '#app/db/schema/nudges';
import { users } from '#app/db/schema/users';
import {
  auditingQueryBuilder,
  admittedListPage,
  admittedListPageAuditedAfter,
  listPageStatement,
  type AuditValues,
} from '#app/core/audit/record-audit';

/** The filters and sort of a nudge list or export, already normalised (no empty strings). */
export interface NudgeQuery {
  /** Lower-cased substring of title, content or the participant's name; '' for none. */
  search: string;
  dateFrom?: string;
  dateTo?: string;
  status?: NudgeStatus;
  feedback?: NudgeFeedbackFilter;
  userType?: ParticipantType;
  orderBy: NudgeSortField;
  direction: OrderDirection;
}

/** `%text%` for LIKE, with the user's own % _ and \ matched literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const participantSortKey = sql<string>`lower(${users.firstName} || ' ' || ${users.lastName})`;

/** Named where they are not the table's columns: they are columns of the list's `page` CTE. */
const nudgeColumns = {
  id: nudges.id,
  title: nudges.title,
  content: nudges.content,
  target_date: nudges.targetDate,
  participant_id: sql<number>`${users.id}`.as('participant_id'),
  participant_name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`.as(
    'participant_name',
  ),
  send_time: sql<string>`to_char(${nudges.sendTime}, 'HH24:MI')`.as('send_time'),
  tracking_type: nudges.trackingType,
  feedback_type: nudges.feedbackType,
};

/**
 * The filters of `query` with their values as placeholders (nudgeParams binds them), so that one
 * statement serves every query of its shape (nudgeShape).
 */
function nudgeWhere(query: NudgeQuery): SQL | undefined {
  const pattern = sql.placeholder('pattern');
  return and(
    // Row-level rule: staff only ever see nudges that belong to participants. Written, not
    // bound, so that a kept statement's generic plan is costed for it.
    sql`${users.role} = 'PARTICIPANT'`,
    query.userType ? eq(users.participantType, sql.placeholder('userType')) : undefined,
    query.status ? eq(nudges.trackingType, sql.placeholder('status')) : undefined,
    query.feedback === 'NO_FEEDBACK'
      ? isNull(nudges.feedbackType)
      : query.feedback
        ? eq(nudges.feedbackType, sql.placeholder('feedback'))
        : undefined,
    query.dateFrom ? gte(nudges.targetDate, sql.placeholder('dateFrom')) : undefined,
    query.dateTo ? lte(nudges.targetDate, sql.placeholder('dateTo')) : undefined,
    query.search
      ? or(sql`${nudges.searchText} like ${pattern}`, sql`${users.searchText} like ${pattern}`)
      : undefined,
  );
}

/** The values of nudgeWhere's placeholders for `query`. */
function nudgeParams(query: NudgeQuery) {
  return {
    userType: query.userType ?? null,
    status: query.status ?? null,
    feedback: query.feedback ?? null,
    dateFrom: query.dateFrom ?? null,
    dateTo: query.dateTo ?? null,
    pattern: query.search ? containsPattern(query.search) : null,
  };
}

/** Which filters `query` uses and how it sorts: what its list statement's text depends on. */
function nudgeShape(query: NudgeQuery): string {
  const feedback = query.feedback === 'NO_FEEDBACK' ? 'n' : query.feedback === undefined ? '' : 'f';
  return [
    query.userType ? 't' : '',
    query.status ? 's' : '',
    feedback,
    query.dateFrom ? 'a' : '',
    query.dateTo ? 'b' : '',
    query.search ? 'q' : '',
    query.orderBy === 'participant_name' ? 'p' : 'd',
    query.direction === 'asc' ? 'u' : 'w',
  ].join('');
}

function sortKey(query: NudgeQuery): SQL {
  return query.orderBy === 'participant_name' ? participantSortKey : sql`${nudges.targetDate}`;
}

/** Sort key first, then id in the same direction, so equal keys never swap between pages. */
function nudgeOrder(query: NudgeQuery): SQL[] {
  const direction = query.direction === 'asc' ? asc : desc;
  return [direction(sortKey(query)), direction(nudges.id)];
}

/**
 * The nudges of the page: with a read-ahead (readAheadTo), the page's places among the list's
 * first ids, numbered by their place; past the last read-ahead, by a bound LIMIT and OFFSET in a
 * statement planned with its values.
 */
function nudgePage(db: Database, query: NudgeQuery, readAhead: number | undefined, gate?: SQL) {
  const where = nudgeWhere(query);
  if (readAhead === undefined) {
    return db
      .select({ ...nudgeColumns, sort_key: sql<unknown>`${sortKey(query)}`.as('sort_key') })
      .from(nudges)
      .innerJoin(users, eq(users.id, nudges.userId))
      .where(and(where, gate))
      .orderBy(...nudgeOrder(query))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
  }
  const ordered = db
    .select({ id: nudges.id })
    .from(nudges)
    .innerJoin(users, eq(users.id, nudges.userId))
    .where(where)
    .orderBy(...nudgeOrder(query));
  return db
    .select({ ...nudgeColumns, sort_key: sql<unknown>`p.ord`.as('sort_key') })
    .from(sql`unnest(${readAheadIds(ordered, readAhead)}) with ordinality as p(id, ord)`)
    .innerJoin(nudges, sql`${nudges.id} = p.id`)
    .innerJoin(users, eq(users.id, nudges.userId))
    .where(and(gate, pageWindow(sql`p.ord`)));
}

/** A nudge list page and its total in one statement (listPageStatement), `audited` or not. */
function nudgeListQuery(
  db: Database,
  query: NudgeQuery,
  options: { audited: boolean; readAhead?: number; caller?: CallerCheck },
) {
  const gate = options.caller?.admitted;
  const page = db.$with('page').as(nudgePage(db, query, options.readAhead, gate));
  const { sort_key: _sortKey, ...row } = page._.selectedFields;
  const total = db.$with('total').as(countNudges(db, query, nudgeWhere(query), gate));
  // A read-ahead page's sort key is its place in the list.
  const sortDirection = options.readAhead === undefined ? query.direction : 'asc';
  return listPageStatement(db, page, total, row, { ...options, sortDirection });
}

/**
 * The list as it first opens and pages (no filter but the type tab, whose total is kept, and a
 * read-ahead): page, total and the call's audit row in one statement, one per shape (nudgeShape:
 * the type tab, the sort and the read-ahead), built once and kept by name, so the server builds
 * no SQL per call and PostgreSQL plans it once per connection.
 */
const keptTotalNudgeList = preparedPerShapeOutsideTransactions(
  ({ query, readAhead }: { query: NudgeQuery; readAhead: number }) =>
    `nudge_list_${nudgeShape(query)}_${String(readAhead)}`,
  (db, { query, readAhead }, name) =>
    nudgeListQuery(db, query, { audited: true, readAhead, caller: callerChecked(db) }).prepare(
      name,
    ),
);

/**
 * One page of nudges and the number of nudges matching the filters, with the call's audit row
 * naming the participants the page shows (`audit`, read once the caller is admitted): with only
 * the type tab, all in one statement that checks the caller's session too (StatementCaller: one
 * round trip, DESIGN §7); with filters, whose total is counted, the session check, page and total
 * in one statement that writes nothing, so that PostgreSQL may count in parallel
 * (listPageStatement), and the audit row after it: two round trips.
 */
export async function listNudges(
  db: Database,
  query: NudgeQuery,
  paging: { start: number; pageSize: number },
  caller: StatementCaller,
  audit: () => AuditValues,
): Promise<{ rows: Nudge[]; total: number }> {
  const values = { ...nudgeParams(query), ...pageWindowValues(paging), limit: paging.pageSize };
  const readAhead = readAheadTo(paging.start + paging.pageSize);
  if (totalIsKept(query)) {
    const statement =
      readAhead === undefined
        ? nudgeListQuery(db, query, { audited: true, caller: callerChecked(db) })
        : keptTotalNudgeList(db, { query, readAhead });
    return admittedListPage(statement, values, caller, audit);
  }
  const unaudited = nudgeListQuery(db, query, { audited: false, caller: callerChecked(db) });
  return admittedListPageAuditedAfter(db, unaudited, values, caller, audit);
}

/**
 * With no filter but the participant type, the kept participant_record_counts (migration 0008)
 * hold the exact total.
 */
function totalIsKept(query: NudgeQuery): boolean {
  return !query.search && !query.dateFrom && !query.dateTo && !query.status && !query.feedback;
}

/** The list's total: kept (totalIsKept), or else the matching rows counted. */
function countNudges(db: Database, query: NudgeQuery, where: SQL | undefined, gate?: SQL) {
  if (totalIsKept(query)) {
    const userType = query.userType ? sql.placeholder('userType') : undefined;
    return keptRecordTotal(db, 'nudges', userType, gate);
  }
  return db
    .select({ n: sql<number>`count(*)::int`.as('n') })
    .from(nudges)
    .innerJoin(users, eq(users.id, nudges.userId))
    .where(and(where, gate));
}

/** One nudge of a participant, or undefined. */
export async function findNudge(db: Database, id: number): Promise<NudgeDetail | undefined> {
  const [row] = await db
    .select({
      ...nudgeColumns,
      opened_at: sql<
        string | null
      >`to_char(${nudges.openedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
    })
    .from(nudges)
    .innerJoin(users, eq(users.id, nudges.userId))
    .where(and(eq(nudges.id, id), eq(users.role, 'PARTICIPANT')))
    .limit(1);
  return row;
}

/** Nudges per statement of an export. */
export const NUDGE_BATCH_SIZE = 500;

/**
 * Every matching nudge in list order, a batch at a time. Keyset paging on (sort key, id) keeps
 * each query cheap and memory flat however large the export, without holding a transaction
 * or connection open while the client downloads. With `audit`, the first batch's statement also
 * writes the call's audit row (auditingQueryBuilder): the export takes no round trip for it.
 */
export async function* nudgeBatches(
  db: Database,
  query: NudgeQuery,
  batchSize = NUDGE_BATCH_SIZE,
  audit?: AuditValues,
): AsyncGenerator<Nudge[]> {
  const where = nudgeWhere(query);
  const key = sortKey(query);
  const keyType = query.orderBy === 'participant_name' ? sql`text` : sql`date`;
  const comparison = query.direction === 'asc' ? sql`>` : sql`<`;
  let cursor: { key: string; id: number } | null = null;
  for (;;) {
    const after: SQL | undefined = cursor
      ? sql`(${key}, ${nudges.id}) ${comparison} (cast(${cursor.key} as ${keyType}), ${cursor.id})`
      : undefined;
    const builder = audit && !cursor ? auditingQueryBuilder(db) : db;
    const rows: (Nudge & { sort_key: string })[] = await builder
      .select({ ...nudgeColumns, sort_key: sql<string>`(${key})::text` })
      .from(nudges)
      .innerJoin(users, eq(users.id, nudges.userId))
      .where(and(where, after))
      .orderBy(...nudgeOrder(query))
      .limit(batchSize)
      .execute({ ...nudgeParams(query), ...audit });
    if (rows.length > 0) yield rows.map(({ sort_key: _sortKey, ...nudge }) => nudge);
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    cursor = { key: last.sort_key, id: last.id };
  }
}
