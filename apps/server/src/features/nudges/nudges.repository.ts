import { and, asc, count, desc, eq, gte, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
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
import { auditingQueryBuilder, type AuditValues } from '#app/core/audit/record-audit';
import { nudges } from '#app/db/schema/nudges';
import { users } from '#app/db/schema/users';

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

const participantName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;
const participantSortKey = sql<string>`lower(${users.firstName} || ' ' || ${users.lastName})`;

const nudgeColumns = {
  id: nudges.id,
  title: nudges.title,
  content: nudges.content,
  target_date: nudges.targetDate,
  participant_id: users.id,
  participant_name: participantName,
  send_time: sql<string>`to_char(${nudges.sendTime}, 'HH24:MI')`,
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

function fromNudgesOfParticipants(db: Database) {
  return db.select(nudgeColumns).from(nudges).innerJoin(users, eq(users.id, nudges.userId));
}

/** One page of nudges and the number of nudges matching the filters. */
export async function listNudges(
  db: Database,
  query: NudgeQuery,
  paging: { start: number; pageSize: number },
): Promise<{ rows: Nudge[]; total: number }> {
  const where = nudgeWhere(query);
  const rows = await fromNudgesOfParticipants(db)
    .where(where)
    .orderBy(...nudgeOrder(query))
    .limit(paging.pageSize)
    .offset(paging.start);
  return { rows, total: await countNudges(db, query, where) };
}

/**
 * With no filter but the participant type, the kept participant_record_counts (migration 0008)
 * hold the exact total; other filters count the matching rows.
 */
async function countNudges(db: Database, query: NudgeQuery, where: SQL | undefined) {
  const onlyTypeFilter =
    !query.search && !query.dateFrom && !query.dateTo && !query.status && !query.feedback;
  if (onlyTypeFilter) {
    return keptRecordTotal(db, 'nudges', query.userType);
  }
  const [counted] = await db
    .select({ n: count() })
    .from(nudges)
    .innerJoin(users, eq(users.id, nudges.userId))
    .where(where);
  return counted?.n ?? 0;
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
      .execute(audit);
    if (rows.length > 0) yield rows.map(({ sort_key: _sortKey, ...nudge }) => nudge);
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    cursor = { key: last.sort_key, id: last.id };
  }
}
