import { and, asc, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditLogEntry, AuditSubjectType } from '@recovery-portal/contract/audit';
import type { Database } from '#app/db/client';
import { auditLog } from '#app/db/schema/audit';
import { users } from '#app/db/schema/users';
import { USER_SUBJECT_TYPES } from '#app/core/audit/record-audit';

/** The Audit log filters, normalised: no empty strings, the participant already resolved. */
export interface AuditQuery {
  /** Part of the actor's email, matched without regard to case. */
  actor?: string;
  /** Rows about any of these users; an empty list matches nothing. */
  participantIds?: readonly number[];
  action?: AuditAction;
  subjectType?: AuditSubjectType;
  from?: Date;
  to?: Date;
}

/** `%text%` for ILIKE, with the user's own % _ and \ matched literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * List views record the participants they showed: nudges and coach under `participant_ids`,
 * the participants list under `returned`. Indexed (GIN) by migration 0005.
 */
const listedParticipants = sql`(coalesce(${auditLog.details} -> 'participant_ids', '[]'::jsonb) || coalesce(${auditLog.details} -> 'returned', '[]'::jsonb))`;

function auditWhere(query: AuditQuery): SQL | undefined {
  const ids = query.participantIds;
  return and(
    query.actor ? sql`${auditLog.actorEmail} ilike ${containsPattern(query.actor)}` : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.subjectType ? eq(auditLog.subjectType, query.subjectType) : undefined,
    query.from ? gte(auditLog.createdAt, query.from) : undefined,
    query.to ? lte(auditLog.createdAt, query.to) : undefined,
    ids === undefined
      ? undefined
      : ids.length === 0
        ? sql`false`
        : or(
            and(
              inArray(auditLog.subjectType, USER_SUBJECT_TYPES),
              inArray(auditLog.subjectId, [...ids]),
            ),
            ...ids.map((id) => sql`${listedParticipants} @> ${JSON.stringify([id])}::jsonb`),
          ),
  );
}

/** The name kept in the row; rows written before names were kept show today's name. */
const subjectName = sql<
  string | null
>`coalesce(${auditLog.subjectName}, case when ${users.id} is null then null
  else trim(${users.firstName} || ' ' || ${users.lastName}) || ' <' || ${users.email} || '>' end)`;

const entryColumns = {
  id: auditLog.id,
  created_at: sql<string>`to_char(${auditLog.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  actor_id: auditLog.actorId,
  actor_email: auditLog.actorEmail,
  actor_name: auditLog.actorName,
  action: auditLog.action,
  subject_type: auditLog.subjectType,
  subject_id: auditLog.subjectId,
  subject_name: subjectName,
  details: auditLog.details,
  client_address: auditLog.clientAddress,
  request_id: auditLog.requestId,
  count: auditLog.repeatCount,
};

function selectEntries(db: Database) {
  return db
    .select(entryColumns)
    .from(auditLog)
    .leftJoin(
      users,
      and(eq(users.id, auditLog.subjectId), inArray(auditLog.subjectType, USER_SUBJECT_TYPES)),
    );
}

/**
 * Rows are ordered by (created_at, id): the time first, the id between rows of one transaction.
 * A cursor is a row's id; its place in that order is read from the row by its primary key.
 */
const position = sql`(${auditLog.createdAt}, ${auditLog.id})`;
const placeOf = (id: number) =>
  sql`(select ${auditLog.createdAt}, ${auditLog.id} from ${auditLog} where ${auditLog.id} = ${id})`;
const olderThan = (id: number) => sql`${position} < ${placeOf(id)}`;
const newerThan = (id: number) => sql`${position} > ${placeOf(id)}`;
const newestFirst = [desc(auditLog.createdAt), desc(auditLog.id)];
const oldestFirst = [asc(auditLog.createdAt), asc(auditLog.id)];

/**
 * Whether any row matches, walking the index in the given order: without an order the planner
 * may scan the table from its start, which is slow when the rows sought are all at its end.
 */
async function anyMatching(db: Database, where: SQL | undefined, order: SQL[]): Promise<boolean> {
  const [row] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(where)
    .orderBy(...order)
    .limit(1);
  return row !== undefined;
}

/**
 * One page of the trail, newest first, by keyset on (created_at, id), which an index covers
 * with and without a date range or an action: `before` pages towards older rows, `after`
 * towards newer ones, and any page is as quick as the first however long the trail. A page
 * offers a cursor towards each side where more rows match.
 */
export async function listAuditEntries(
  db: Database,
  query: AuditQuery,
  page: { pageSize: number; before?: number; after?: number },
): Promise<{ entries: AuditLogEntry[]; olderCursor: number | null; newerCursor: number | null }> {
  const where = auditWhere(query);
  const limit = page.pageSize + 1;
  let entries: AuditLogEntry[];
  let more: boolean;
  if (page.after !== undefined) {
    const rows = await selectEntries(db)
      .where(and(where, newerThan(page.after)))
      .orderBy(...oldestFirst)
      .limit(limit);
    more = rows.length > page.pageSize;
    entries = rows.slice(0, page.pageSize).reverse();
  } else {
    const rows = await selectEntries(db)
      .where(and(where, page.before === undefined ? undefined : olderThan(page.before)))
      .orderBy(...newestFirst)
      .limit(limit);
    more = rows.length > page.pageSize;
    entries = rows.slice(0, page.pageSize);
  }
  const newest = entries[0]?.id;
  const oldest = entries.at(-1)?.id;
  if (newest === undefined || oldest === undefined) {
    return { entries, olderCursor: null, newerCursor: null };
  }
  const hasNewer =
    page.after !== undefined
      ? more
      : page.before !== undefined &&
        (await anyMatching(db, and(where, newerThan(newest)), oldestFirst));
  const hasOlder =
    page.after === undefined
      ? more
      : await anyMatching(db, and(where, olderThan(oldest)), newestFirst);
  return {
    entries,
    olderCursor: hasOlder ? oldest : null,
    newerCursor: hasNewer ? newest : null,
  };
}

/**
 * Every matching row, newest first, a batch at a time by the same keyset: each query stays
 * cheap and memory flat however large the export, and no transaction or connection is held
 * while the client downloads.
 */
export async function* auditBatches(
  db: Database,
  query: AuditQuery,
  batchSize = 1000,
): AsyncGenerator<AuditLogEntry[]> {
  const where = auditWhere(query);
  let before: number | undefined;
  for (;;) {
    const rows = await selectEntries(db)
      .where(and(where, before === undefined ? undefined : olderThan(before)))
      .orderBy(...newestFirst)
      .limit(batchSize);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    before = last.id;
  }
}

/**
 * Participants a filter names: an id as typed (even of a deleted participant, whose rows stay),
 * else those whose email or name contains the text. At most `limit` + 1, so the caller can
 * tell an ambiguous filter.
 */
export async function findParticipantIds(
  db: Database,
  filter: string,
  limit: number,
): Promise<number[]> {
  if (/^\d{1,10}$/.test(filter)) {
    const id = Number(filter);
    if (id > 0 && id <= 2_147_483_647) return [id];
  }
  const pattern = containsPattern(filter.toLowerCase().replace(/\s+/g, ' '));
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'PARTICIPANT'), sql`${users.searchText} like ${pattern}`))
    .orderBy(asc(users.id))
    .limit(limit + 1);
  return rows.map((row) => row.id);
}
