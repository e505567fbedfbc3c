import {
  and,
  asc,
  desc,
  eq,
  gte,
  isNull,
  lte,
  or,
  sql,
  type SQL,
  type WithSubquery,
} from 'drizzle-orm';
import type {
  NudgeDetail,
  Nudge,
  NudgeFeedbackFilter,
  NudgeSortField,
  NudgeStatus,
  OrderDirection,
} from '@recovery-portal/contract/nudges';
import type { ParticipantType } from '@recovery-portal/contract/users';
import type { Database } from '#app/db/client';
import { keptRecordTotal } from '#app/db/participant-record-totals';
import { nudges } from '#app/db/schema/nudges';
import { users } from '#app/db/schema/users';
import {
  listPageOf,
  listPageStatement,
  auditInsert,
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

/** Nudges per statement of an export. */
export const NUDGE_BATCH_SIZE = 500;

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

function nudgeWhere(query: NudgeQuery): SQL | undefined {
  const pattern = query.search ? containsPattern(query.search) : null;
  return and(
    // Row-level rule: staff only ever see nudges that belong to participants.
    eq(users.role, 'PARTICIPANT'),
    query.userType ? eq(users.participantType, query.userType) : undefined,
    query.status ? eq(nudges.trackingType, query.status) : undefined,
    query.feedback === 'NO_FEEDBACK'
      ? isNull(nudges.feedbackType)
      : query.feedback
        ? eq(nudges.feedbackType, query.feedback)
        : undefined,
    query.dateFrom ? gte(nudges.targetDate, query.dateFrom) : undefined,
    query.dateTo ? lte(nudges.targetDate, query.dateTo) : undefined,
    pattern
      ? or(sql`${nudges.searchText} like ${pattern}`, sql`${users.searchText} like ${pattern}`)
      : undefined,
  );
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
 * One page of nudges and the number of nudges matching the filters, in one statement built per
 * call (the filters shape it). With `audit`, the statement also writes the call's audit row,
 * naming the participants the page shows (DESIGN §7: the session check and this, two round
 * trips).
 */
export async function listNudges(
  db: Database,
  query: NudgeQuery,
  paging: { start: number; pageSize: number },
  audit?: AuditValues,
): Promise<{ rows: Nudge[]; total: number }> {
  const where = nudgeWhere(query);
  const key = sortKey(query);
  const page = db.$with('page').as(
    db
      .select({ ...nudgeColumns, sort_key: sql`${key}`.as('sort_key') })
      .from(nudges)
      .innerJoin(users, eq(users.id, nudges.userId))
      .where(where)
      .orderBy(...nudgeOrder(query))
      .limit(paging.pageSize)
      .offset(paging.start),
  );
  const { sort_key: _sortKey, ...row } = page._.selectedFields;
  const total = db.$with('total').as(countNudges(db, query, where));
  const statement = listPageStatement(db, page, total, row, {
    direction: query.direction,
    audited: audit !== undefined,
  });
  return listPageOf(await statement.execute(audit));
}

/**
 * With no filter but the participant type, the kept participant_record_counts (migration 0008)
 * hold the exact total; other filters count the matching rows.
 */
function countNudges(db: Database, query: NudgeQuery, where: SQL | undefined) {
  const onlyTypeFilter =
    !query.search && !query.dateFrom && !query.dateTo && !query.status && !query.feedback;
  if (onlyTypeFilter) {
    return keptRecordTotal(db, 'nudges', query.userType);
  }
  return db
    .select({ n: sql<number>`count(*)::int`.as('n') })
    .from(nudges)
    .innerJoin(users, eq(users.id, nudges.userId))
    .where(where);
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

/**
 * Every matching nudge in list order, a batch at a time. Keyset paging on (sort key, id) keeps
 * each query cheap and memory flat however large the export, without holding a transaction
 * or connection open while the client downloads. With `audit`, the first batch's statement also
 * writes the call's audit row (auditInsert as a CTE), so the export takes no round trip for it.
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
    const audited: WithSubquery[] = audit && !cursor ? [db.$with('audit').as(auditInsert(db))] : [];
    const rows = await db
      .with(...audited)
      .select({ ...nudgeColumns, sort_key: sql<string>`(${key})::text` })
      .from(nudges)
      .innerJoin(users, eq(users.id, nudges.userId))
      .where(and(where, after))
      .orderBy(...nudgeOrder(query))
      .limit(batchSize)
      .execute(audit);
    if (rows.length > 0) yield rows.map(({ sort_key: _sortKey, ...nudge }) => nudge);
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    cursor = { key: last.sort_key, id: last.id };
  }
}
