import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  getTableName,
  gte,
  inArray,
  lte,
  or,
  sql,
  type SQL,
  type Subquery,
} from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { AuditAction, AuditLogEntry, AuditSubjectType } from '@recovery-portal/contract/audit';
import type { Database } from '#app/db/client';
import { isoInstant } from '#app/db/iso-instant';
import { auditLog } from '#app/db/schema/audit';
import { users } from '#app/db/schema/users';
import {
  auditInsertFrom,
  USER_SUBJECT_TYPES,
  type AuditValues,
} from '#app/core/audit/record-audit';

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

/** Rows about any participant of `matched`, a CTE of their ids (matchedParticipants). */
function aboutMatched(matched: Subquery): SQL | undefined {
  return or(
    and(
      inArray(auditLog.subjectType, USER_SUBJECT_TYPES),
      sql`${auditLog.subjectId} in (select id from ${matched})`,
    ),
    // An array the index is searched with, one element after the other (a bitmap scan).
    sql`${listedParticipants} @> any(array(select jsonb_build_array(id) from ${matched}))`,
  );
}

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
  created_at: isoInstant(auditLog.createdAt).as('created_at'),
  actor_id: auditLog.actorId,
  actor_email: auditLog.actorEmail,
  actor_name: auditLog.actorName,
  action: auditLog.action,
  subject_type: auditLog.subjectType,
  subject_id: auditLog.subjectId,
  subject_name: subjectName.as('subject_name'),
  details: auditLog.details,
  client_address: auditLog.clientAddress,
  request_id: auditLog.requestId,
  count: auditLog.repeatCount,
};

function selectEntries<T extends SelectedFields>(db: Database, fields: T) {
  return db
    .select(fields)
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
    const rows = await selectEntries(db, entryColumns)
      .where(and(where, newerThan(page.after)))
      .orderBy(...oldestFirst)
      .limit(limit);
    more = rows.length > page.pageSize;
    entries = rows.slice(0, page.pageSize).reverse();
  } else {
    const rows = await selectEntries(db, entryColumns)
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

/** Rows of the export read per statement: each stays cheap and memory flat however many match. */
export const AUDIT_EXPORT_BATCH_SIZE = 1000;

/**
 * Every matching row older than row `before` (all without it), newest first, a batch at a time
 * by the same keyset: no transaction or connection is held while the client downloads.
 */
export async function* auditBatches(
  db: Database,
  query: AuditQuery,
  before?: number,
  batchSize = AUDIT_EXPORT_BATCH_SIZE,
): AsyncGenerator<AuditLogEntry[]> {
  const where = auditWhere(query);
  let cursor = before;
  for (;;) {
    const rows = await selectEntries(db, entryColumns)
      .where(and(where, cursor === undefined ? undefined : olderThan(cursor)))
      .orderBy(...newestFirst)
      .limit(batchSize);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    cursor = last.id;
  }
}

/** A participant filter as typed: an id as such, else text the participants' names hold. */
export type ParticipantFilter = { ids: number[] } | { pattern: string };

/**
 * An id as typed (even of a deleted participant, whose rows stay), else a pattern of the
 * participants whose email or name contains the text.
 */
export function participantFilterOf(filter: string): ParticipantFilter {
  if (/^\d{1,10}$/.test(filter)) {
    const id = Number(filter);
    if (id > 0 && id <= 2_147_483_647) return { ids: [id] };
  }
  return { pattern: containsPattern(filter.toLowerCase().replace(/\s+/g, ' ')) };
}

/** The participants `pattern` matches, by id: at most `limit` + 1, to tell an ambiguous filter. */
function matchedParticipants(db: Database, pattern: string, limit: number) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'PARTICIPANT'), sql`${users.searchText} like ${pattern}`))
    .orderBy(asc(users.id))
    .limit(limit + 1);
}

/** audit_log's columns, in the table's order, for the union of the table and the written row. */
const auditLogColumns = sql.join(
  Object.values(getTableColumns(auditLog)).map((column) => sql.identifier(column.name)),
  sql`, `,
);

/**
 * The export's first batch in the statement that writes the call's audit row (DESIGN §7: the
 * session check and this, two round trips). The row it writes is an entry like any other, as
 * when it was written before the read: the batch reads the table and that row under the
 * table's name. A participant `pattern` is resolved by the same statement; matching more than
 * `limit` participants, it neither reads nor writes, and `matched` tells (their ids, else
 * null). One row with a null entry when none matches.
 */
export async function auditedFirstBatch(
  db: Database,
  query: AuditQuery,
  participants: { pattern: string; limit: number } | null,
  audit: AuditValues,
  batchSize = AUDIT_EXPORT_BATCH_SIZE,
): Promise<{ entries: AuditLogEntry[]; matched: number[] | null }> {
  const matched =
    participants &&
    db.$with('matched').as(matchedParticipants(db, participants.pattern, participants.limit));
  const allowed = matched
    ? sql`(select count(*) from ${matched}) <= ${participants.limit}`
    : sql`true`;
  const written = db
    .$with('audit', {})
    .as(
      sql`${auditInsertFrom(sql`(select where ${allowed}) as allowed`)} returning ${auditLogColumns}`,
    );
  // Under the table's name, so that the filters read the row as they read the table: in a
  // statement's other parts the name means this CTE, in its own definition still the table.
  const trail = db
    .$with(getTableName(auditLog), {})
    .as(
      sql`select ${auditLogColumns} from ${auditLog} union all select ${auditLogColumns} from ${written}`,
    );
  const page = selectEntries(db, {
    ...entryColumns,
    at: sql<string>`${auditLog.createdAt}`.as('at'),
  })
    .where(and(auditWhere(query), matched ? aboutMatched(matched) : undefined, allowed))
    .orderBy(...newestFirst)
    .limit(batchSize)
    .as('page');
  const { at, ...entry } = page._.selectedFields;
  const rows = await db
    .with(...(matched ? [matched, written, trail] : [written, trail]))
    .select({
      matched: matched
        ? sql<number[]>`array(select id from ${matched} order by id)`
        : sql<null>`null`,
      entry,
    })
    .from(sql`(select 1) as one`)
    .leftJoin(page, sql`true`)
    .orderBy(desc(at), desc(page.id))
    .execute(audit);
  return {
    entries: rows.flatMap((row) => (row.entry ? [row.entry] : [])),
    matched: rows[0]?.matched ?? null,
  };
}

/**
 * Participants a filter names (participantFilterOf). At most `limit` + 1, so the caller can
 * tell an ambiguous filter.
 */
export async function findParticipantIds(
  db: Database,
  filter: string,
  limit: number,
): Promise<number[]> {
  const participants = participantFilterOf(filter);
  if ('ids' in participants) return participants.ids;
  const rows = await matchedParticipants(db, participants.pattern, limit);
  return rows.map((row) => row.id);
}
