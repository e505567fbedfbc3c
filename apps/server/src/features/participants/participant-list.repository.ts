// The participant list's pages and totals: each page reads only the rows it shows (filters in
// participant-list-filters.ts, sort keys in participant-list-sort.ts).
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  isNotNull,
  isNull,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { FlagSeverity } from '@recovery-portal/contract/flags';
import type { ParticipantListRow } from '@recovery-portal/contract/participants';
import type { ParticipantType, UserStatus } from '@recovery-portal/contract/users';
import { auditRowInsert } from '#app/core/audit/record-audit';
import type { AuditInStatement } from '#app/core/audit/request-audit';
import type { Database } from '#app/db/client';
import {
  engagementFields,
  isoInstant,
  type EngagementColumns,
} from '#app/core/participant-engagement';
import { participantStats } from '#app/db/schema/activity';
import { tasks } from '#app/db/schema/care-team';
import { participantTriage } from '#app/db/schema/triage';
import { participantSearchCounts, userGroups, users } from '#app/db/schema/users';
import { responsibleStaff, staffName } from '#app/core/staff-names';
import { reviewerName, reviewers } from '#app/core/reviewers';
import {
  filterConditions,
  MAX_COUNTED_SEARCH_LENGTH,
  narrowedByCareTeam,
  normalisedSearch,
  reviewCutoff,
  type ParticipantFilters,
  type ParticipantPageQuery,
} from './participant-list-filters';
import {
  byId,
  ID_COLUMNS,
  SORTS,
  statsStatusConditions,
  type SortTable,
} from './participant-list-sort';

/**
 * A search of this many matches or fewer (found with the trigram index) is sorted after
 * filtering; with more, walking the sort's index finds a page sooner.
 */
const FILTER_FIRST_MAX_MATCHES = 2000;

const rowFields = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  birthDate: users.birthDate,
  mrn: users.mrn,
  type: users.participantType,
  group: userGroups.name,
  tracker: users.tracker,
  lastAppOpen: participantStats.lastAppOpen,
  activeSessionCount: participantStats.activeSessionCount,
  coachChatCount: participantStats.coachChatCount,
  coachCallCount: participantStats.coachCallCount,
  nudgeOpenCount: participantStats.nudgeOpenCount,
  invitedAt: users.invitedAt,
  joinedAt: users.joinedAt,
  status: users.status,
  canRemind: sql<boolean>`(${users.status} = 'PENDING_ACTIVATION' and (${users.nextRemindDate} is null or ${users.nextRemindDate} <= now()))`,
  lastRemindedAt: users.lastRemindedAt,
  nextRemindDate: users.nextRemindDate,
  openFlagCount: participantTriage.openFlagCount,
  topOpenSeverity: participantTriage.topOpenSeverity,
  lastReviewedAt: participantTriage.lastReviewedAt,
  lastReviewedBy: reviewerName,
  lastTelemetryAt: participantStats.lastTelemetryAt,
  responsibleId: responsibleStaff.id,
  responsibleName: staffName(responsibleStaff),
  nextTaskDueOn: sql<
    string | null
  >`(select min(${tasks.dueOn})::text from ${tasks} where ${tasks.participantId} = ${users.id} and ${tasks.doneAt} is null)`,
};

interface RawRow extends EngagementColumns {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  birthDate: string | null;
  mrn: string | null;
  type: ParticipantType | null;
  group: string | null;
  status: UserStatus;
  canRemind: boolean;
  lastRemindedAt: Date | null;
  nextRemindDate: Date | null;
  openFlagCount: number | null;
  topOpenSeverity: FlagSeverity | null;
  lastReviewedAt: Date | null;
  lastReviewedBy: string | null;
  lastTelemetryAt: Date | null;
  responsibleId: number | null;
  responsibleName: string | null;
  nextTaskDueOn: string | null;
}

function toListRow(row: RawRow, fallbackType: ParticipantType): ParticipantListRow {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    user_name: row.email || null,
    birth_date: row.birthDate,
    mrn: row.mrn,
    type: row.type ?? fallbackType,
    group: row.group,
    ...engagementFields(row),
    status: row.status,
    can_remind: Boolean(row.canRemind),
    last_reminded_at: isoInstant(row.lastRemindedAt),
    next_remind_date: isoInstant(row.nextRemindDate),
    open_flag_count: row.openFlagCount ?? 0,
    top_open_severity: row.topOpenSeverity,
    last_reviewed_at: isoInstant(row.lastReviewedAt),
    // A review by an account since deleted keeps its time but no longer names anyone.
    last_reviewed_by: row.lastReviewedAt ? row.lastReviewedBy : null,
    last_telemetry_at: isoInstant(row.lastTelemetryAt),
    responsible:
      row.responsibleId === null
        ? null
        : { id: row.responsibleId, name: row.responsibleName ?? '' },
    next_task_due_on: row.nextTaskDueOn,
  };
}

/**
 * The tables a list row reads beside users: every participant has a users row, not always the
 * others (left joined).
 */
function joinRowTables<T extends PgSelect>(query: T) {
  return query
    .leftJoin(participantStats, eq(participantStats.userId, users.id))
    .leftJoin(participantTriage, eq(participantTriage.userId, users.id))
    .leftJoin(userGroups, eq(userGroups.id, users.groupId))
    .leftJoin(reviewers, eq(reviewers.id, participantTriage.lastReviewedBy))
    .leftJoin(responsibleStaff, eq(responsibleStaff.id, users.responsibleClinicianId));
}

/** Counts rows read from `table` (PostgreSQL drops the unused left joins). */
function countRows(db: Database, table: SortTable) {
  const select = db.select({ n: count() });
  switch (table) {
    case 'users':
      return select
        .from(users)
        .leftJoin(participantTriage, eq(participantTriage.userId, users.id))
        .$dynamic();
    case 'stats':
      return select
        .from(participantStats)
        .innerJoin(users, eq(users.id, participantStats.userId))
        .leftJoin(participantTriage, eq(participantTriage.userId, users.id))
        .$dynamic();
    case 'triage':
      return select
        .from(participantTriage)
        .innerJoin(users, eq(users.id, participantTriage.userId))
        .$dynamic();
  }
}

/**
 * The ids of rows read from `table`, with `join` (participant_stats or
 * participant_triage) left joined to a query from users; only the tables a page's order and
 * filters need, so that planning it is cheap (PostgreSQL drops the unused left joins).
 */
function selectIds(db: Database, table: SortTable, join: SortTable = table) {
  switch (table) {
    case 'users': {
      const select = db
        .select({ id: users.id })
        .from(users)
        .leftJoin(participantTriage, eq(participantTriage.userId, users.id))
        .$dynamic();
      return join === 'stats'
        ? select.leftJoin(participantStats, eq(participantStats.userId, users.id))
        : select;
    }
    case 'stats':
      return db
        .select({ id: participantStats.userId })
        .from(participantStats)
        .innerJoin(users, eq(users.id, participantStats.userId))
        .leftJoin(participantTriage, eq(participantTriage.userId, users.id))
        .$dynamic();
    case 'triage':
      return db
        .select({ id: participantTriage.userId })
        .from(participantTriage)
        .innerJoin(users, eq(users.id, participantTriage.userId))
        .$dynamic();
  }
}

function paged<T extends PgSelect>(
  query: T,
  where: SQL | undefined,
  order: SQL[],
  limit: number,
  offset: number,
) {
  return query
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}

/**
 * The first column of `query`'s rows as an int[], in the query's order, from the `skip`th on
 * and `take` of them. Where it can, `query` bounds its rows with a constant limit, so that
 * PostgreSQL plans its index walk for that many (a limit computed from the total is planned as
 * a tenth of the table); `take` and `skip` may be computed. A plain select over an ordered subquery keeps
 * its order (PostgreSQL neither flattens nor reorders it).
 */
function idArray(query: SQLWrapper, take?: SQL, skip?: SQL): SQL {
  const slice = take ? sql` limit ${take} offset ${skip ?? sql`0`}` : sql``;
  return sql`array(select page.id from (${query}) as page(id)${slice})`;
}

/**
 * How many participants match the filters (the paginator's total), as an SQL expression.
 * Without a tracker filter and with no search or one of 1–2 characters, the exact number is
 * read from participant_search_counts (kept by triggers on users) rather than counted;
 * otherwise it is counted, a search through its trigram index.
 */
function totalOf(db: Database, filters: ParticipantFilters, now: Date): SQL {
  const days = filters.not_reviewed_days;
  const search = normalisedSearch(filters.search_key);
  const everyone = () => filterConditions({ ...filters, not_reviewed_days: null }, now);
  // participant_search_counts knows type, status and search only: other filters are counted.
  const counted =
    !filters.tracker &&
    !narrowedByCareTeam(filters) &&
    !filters.group &&
    !filters.surgery_from &&
    !filters.surgery_to &&
    !filters.programme;
  const all =
    counted && [...search].length <= MAX_COUNTED_SEARCH_LENGTH
      ? db
          .select({ n: sql<number>`coalesce(sum(${participantSearchCounts.n}), 0)::int` })
          .from(participantSearchCounts)
          .where(
            and(
              eq(participantSearchCounts.participantType, filters.type),
              // search_text is lower-cased; lower() here keeps the same case mapping as the LIKE.
              eq(participantSearchCounts.gram, sql`lower(${search})`),
              filters.status ? eq(participantSearchCounts.status, filters.status) : undefined,
            ),
          )
      : countRows(db, 'users').where(and(...everyone()));
  if (days === null) return sql`(${all})::int`;
  // Those reviewed recently are few and indexed (last_reviewed_at): counting them and taking them
  // away is far cheaper than testing every participant's triage row.
  const recent = countRows(db, 'triage').where(
    and(...everyone(), gt(participantTriage.lastReviewedAt, reviewCutoff(days, now))),
  );
  return sql`((${all}) - (${recent}))::int`;
}

/**
 * True when sorting after filtering may read fewer rows than walking the sort's index: a
 * caseload, the participants with overdue tasks, or a search the trigram index serves (3 or
 * more characters); it does when they are few (at most FILTER_FIRST_MAX_MATCHES). A search of
 * 1–2 characters has no index to filter with, so its page is always found by walking the sort's
 * index, which reads no more rows than filtering would.
 */
function mayFilterFirst(query: ParticipantPageQuery): boolean {
  if (narrowedByCareTeam(query)) return true;
  return [...normalisedSearch(query.search_key)].length > MAX_COUNTED_SEARCH_LENGTH;
}

/**
 * The ids of the page's participants, in order, as an int[] expression over `total`, the
 * exact number of matching participants. Sorted on the whitelisted key with rows without a
 * value last and ties broken by id (in the sort's direction), so pages never overlap or skip.
 * Each way below is an SQL branch taken by the total, so one statement reads total and page:
 *
 * - A page at or past the total is empty without reading anything.
 * - A search with few matches (mayFilterFirst): filter with the trigram index, then sort them.
 * - first_name, email: read in the order of the users indexes ((type, status, key, id), or
 *   (type, key, id) for all statuses); a page in the second half is read from the end, in the
 *   opposite order, so that the last page reads no more than the first.
 * - Otherwise rows with a value are read in index order (for the 7-day counts and last seen, the
 *   participant_stats indexes, by status when the list is filtered by one; for flags and reviews,
 *   participant_triage's), so the first pages need no full sort; rows without a value, which only
 *   the last pages reach, follow ordered by id.
 *
 * Each of these chooses only the page's ids, reading as few tables as it can; the rows are then
 * read by id.
 */
function pageIdsOf(db: Database, query: ParticipantPageQuery, now: Date, total: SQL): SQL {
  const limit = query.page_size;
  const offset = query.start;
  const conditions = filterConditions(query, now);
  const walk = walkedPageIds(db, query, conditions, total);
  const chosen = mayFilterFirst(query)
    ? sql`case when ${total} <= ${FILTER_FIRST_MAX_MATCHES} then ${idArray(
        paged(
          selectIds(db, 'users'),
          and(...conditions),
          SORTS[query.orderBy].lookupOrder(query.orderDirection),
          limit,
          offset,
        ),
      )} else ${walk} end`
    : walk;
  return sql`case when ${offset} >= ${total} then '{}'::int[] else ${chosen} end`;
}

/** The page's ids read by walking the sort's index (see pageIdsOf). */
function walkedPageIds(
  db: Database,
  query: ParticipantPageQuery,
  conditions: SQL[],
  total: SQL,
): SQL {
  const limit = query.page_size;
  const offset = query.start;
  const sort = SORTS[query.orderBy];
  const direction = query.orderDirection === 'desc' ? desc : asc;
  const valueOrder = sort.order(query.orderDirection);

  if (!sort.nullable) {
    const forward = paged(
      selectIds(db, 'users'),
      and(...conditions),
      [...valueOrder, direction(users.id)],
      limit,
      offset,
    );
    // The page is the `size` rows that `fromEnd` rows from the end precede; read from the end
    // when that is closer, which reads the last total − offset rows. Their number is computed,
    // so PostgreSQL plans that walk for a tenth of the rows (still an index walk); a constant
    // bound (offset + limit) would be planned as most of the table on the last pages.
    const size = sql`least(${limit}, ${total} - ${offset})`;
    const fromEnd = sql`(${total} - ${offset} - ${size})`;
    const opposite = query.orderDirection === 'desc' ? 'asc' : 'desc';
    const fromTheEnd = selectIds(db, 'users')
      .where(and(...conditions))
      .orderBy(...sort.order(opposite), byId(opposite));
    const tail = idArray(fromTheEnd, sql`${total} - ${offset}`);
    const reversed = sql`array(select tail.id from unnest(${tail}) with ordinality as tail(id, k) where tail.k > ${fromEnd} order by tail.k desc)`;
    return sql`case when ${fromEnd} < ${offset} then ${reversed} else ${idArray(forward)} end`;
  }

  const withValue = and(
    ...conditions,
    ...statsStatusConditions(sort, query),
    isNotNull(sort.column),
  );
  const first = sort.pageIds
    ? sort.pageIds(db, { where: withValue, direction: query.orderDirection, limit, offset })
    : paged(
        selectIds(db, sort.table),
        withValue,
        [...valueOrder, direction(ID_COLUMNS[sort.table])],
        limit,
        offset,
      );
  // The page runs past the rows with a value: it continues with those without, ordered by id,
  // after skipping as many of them as the offset passes beyond the rows with a value (counted
  // only when the page holds none of them).
  const found = sql`cardinality(first_page.ids)`;
  const withValueCount = sql`case when ${found} = 0 and ${offset} > 0 then (${countRows(
    db,
    sort.table,
  ).where(withValue)}) else ${offset} + ${found} end`;
  const rest = paged(
    selectIds(db, 'users', sort.table),
    and(...conditions, isNull(sort.column)),
    [direction(users.id)],
    offset + limit,
    0,
  );
  const restIds = idArray(
    rest,
    sql`${limit} - ${found}`,
    sql`greatest(0, ${offset} - ${withValueCount})`,
  );
  return sql`(select case when ${found} = ${limit} then first_page.ids else first_page.ids || ${restIds} end from (select ${idArray(
    first,
  )} as ids) as first_page)`;
}

/** The page as read: its rows and the total they are a page of. */
export interface ParticipantListRead {
  rows: ParticipantListRow[];
  total: number;
}

/**
 * The page of the list and the exact number of matching participants, in one statement: the
 * total, the page's ids (pageIdsOf) and their rows. With `audit`, the same statement writes
 * the call's audit row, with the ids of the page's participants as `returned` in its details.
 */
export async function readParticipantList(
  db: Database,
  query: ParticipantPageQuery,
  now: Date = new Date(),
  audit?: AuditInStatement,
): Promise<ParticipantListRead> {
  // `offset 0` keeps PostgreSQL from pulling the total up into every branch that reads it,
  // which would count the matches once per reference.
  const total = sql`list_total.n`;
  const page = db
    .$with('list_page', {
      n: sql<number>`n`.as('n'),
      ids: sql<number[]>`ids`.as('ids'),
    })
    .as(
      sql`select list_total.n, ${pageIdsOf(db, query, now, total)} as ids from (select ${totalOf(
        db,
        query,
        now,
      )} as n offset 0) as list_total`,
    );
  const withAudit = audit
    ? [
        db
          .$with('list_audit', {})
          .as(
            auditRowInsert(
              audit.entry,
              sql`jsonb_build_object('returned', to_jsonb((select ${page.ids} from ${page})))`,
            ),
          ),
      ]
    : [];
  const item = sql`list_item`;
  const raw = await joinRowTables(
    db
      .with(page, ...withAudit)
      .select({ total: page.n, ...rowFields })
      .from(page)
      .leftJoin(sql`unnest(${page.ids}) with ordinality as ${item}(id, ord)`, sql`true`)
      .leftJoin(users, sql`${users.id} = ${item}.id`)
      .$dynamic(),
  ).orderBy(sql`${item}.ord`);
  audit?.recorded();
  // One row with a null id stands for an empty page (it carries the total). The users columns
  // are typed nullable for the left join; a row with an id has them as RawRow says.
  const rows = raw.flatMap((row) =>
    row.id === null ? [] : [toListRow(row as RawRow, query.type)],
  );
  return { rows, total: raw[0]?.total ?? 0 };
}

/** How many participants match the filters (readParticipantList's total). */
export async function countParticipants(
  db: Database,
  filters: ParticipantPageQuery,
  now: Date = new Date(),
): Promise<number> {
  return (await readParticipantList(db, filters, now)).total;
}

/** One page of the list (readParticipantList's rows). */
export async function listParticipantPage(
  db: Database,
  query: ParticipantPageQuery,
  now: Date = new Date(),
): Promise<ParticipantListRow[]> {
  return (await readParticipantList(db, query, now)).rows;
}

/** The list row of one participant, or undefined when the id is not a participant. */
export async function findParticipantRow(
  db: Database,
  id: number,
): Promise<ParticipantListRow | undefined> {
  const [row] = await joinRowTables(db.select(rowFields).from(users).$dynamic())
    .where(and(eq(users.id, id), eq(users.role, 'PARTICIPANT')))
    .limit(1);
  return row ? toListRow(row, 'Internal') : undefined;
}
