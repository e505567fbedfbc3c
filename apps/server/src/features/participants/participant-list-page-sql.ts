// The participant list's total and page ids as SQL of the one statement that reads a page
// (participant-list.repository.ts): every choice that depends on the total is a branch of that
// statement, taken by PostgreSQL once it has counted.
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
  type WithSubquery,
} from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Database } from '#app/db/client';
import { participantStats } from '#app/db/schema/activity';
import { participantTriage } from '#app/db/schema/triage';
import { participantSearchCounts, users } from '#app/db/schema/users';
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
 * filters need (PostgreSQL drops the unused left joins).
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

/** An integer of the statement's parameters, typed for PostgreSQL's arithmetic on it. */
const int = (value: number) => sql`${value}::int`;

/** A query's one column, in its order, as an integer[]: PostgreSQL's array(subquery) keeps it. */
const idArray = (ids: SQL) => sql`array(${ids})`;

/** `query` ordered and paged; LIMIT and OFFSET may be expressions of the total. */
function paged(query: PgSelect, where: SQL | undefined, order: SQL[], limit: SQL, offset: SQL) {
  return sql`${query
    .where(where)
    .orderBy(...order)
    .getSQL()} limit ${limit} offset ${offset}`;
}

/**
 * How many participants match the filters (the paginator's total), as a query of one row and
 * column `n`. Without a tracker filter and with no search or one of 1–2 characters, the exact
 * number is read from participant_search_counts (kept by triggers on users) rather than counted;
 * otherwise it is counted, a search through its trigram index.
 */
export function totalQuery(db: Database, filters: ParticipantFilters, now: Date) {
  const days = filters.not_reviewed_days;
  const search = normalisedSearch(filters.search_key);
  const everyone = filterConditions({ ...filters, not_reviewed_days: null }, now);
  // Those reviewed recently are few and indexed (last_reviewed_at): counting them and taking them
  // away is far cheaper than testing every participant's triage row.
  const recent =
    days === null
      ? sql`0`
      : sql`(${countRows(db, 'triage').where(
          and(...everyone, gt(participantTriage.lastReviewedAt, reviewCutoff(days, now))),
        )})`;
  // participant_search_counts knows type, status and search only: other filters are counted.
  const counted =
    !filters.tracker &&
    !narrowedByCareTeam(filters) &&
    !filters.group &&
    !filters.surgery_from &&
    !filters.surgery_to &&
    !filters.programme &&
    [...search].length <= MAX_COUNTED_SEARCH_LENGTH;
  if (counted) {
    return db
      .select({
        n: sql<number>`(coalesce(sum(${participantSearchCounts.n}), 0) - ${recent})::int`.as('n'),
      })
      .from(participantSearchCounts)
      .where(
        and(
          eq(participantSearchCounts.participantType, filters.type),
          // search_text is lower-cased; lower() here keeps the same case mapping as the LIKE.
          eq(participantSearchCounts.gram, sql`lower(${search})`),
          filters.status ? eq(participantSearchCounts.status, filters.status) : undefined,
        ),
      );
  }
  return db
    .select({ n: sql<number>`(count(*) - ${recent})::int`.as('n') })
    .from(users)
    .leftJoin(participantTriage, eq(participantTriage.userId, users.id))
    .where(and(...everyone));
}

/**
 * True when sorting after filtering may read fewer rows than walking the sort's index: a search
 * the trigram index answers, or a care-team filter (a caseload, the participants with overdue
 * tasks), when it has few matches (the statement tests the total). A search of 1–2 characters
 * has no index to filter with, so its page is always found by walking the sort's index, which
 * reads no more rows than filtering would.
 */
function mayFilterFirst(query: ParticipantPageQuery): boolean {
  if (narrowedByCareTeam(query)) return true;
  return [...normalisedSearch(query.search_key)].length > MAX_COUNTED_SEARCH_LENGTH;
}

/** A page's ids as an integer[] expression, and the CTEs it reads besides the total. */
export interface PageIdsSql {
  ids: SQL;
  ctes: WithSubquery[];
}

/** The page of a sort no column of which is null: read from the nearer end of its index. */
function fromNearerEnd(
  db: Database,
  query: ParticipantPageQuery,
  where: SQL | undefined,
  total: SQL,
) {
  const sort = SORTS[query.orderBy];
  const limit = int(query.page_size);
  const offset = int(query.start);
  const direction = query.orderDirection === 'desc' ? desc : asc;
  const opposite = query.orderDirection === 'desc' ? 'asc' : 'desc';
  const size = sql`least(${limit}, ${total} - ${offset})`;
  const fromEnd = sql`${total} - ${offset} - ${size}`;
  // A constant LIMIT lets the planner expect few rows and walk the index; the last page, shorter
  // than it, keeps its first `size` rows (the rows before it come after them, read backwards).
  const reversed = [...sort.order(opposite), byId(opposite)];
  const backwards = idArray(paged(selectIds(db, 'users'), where, reversed, limit, fromEnd));
  const forwards = [...sort.order(query.orderDirection), direction(users.id)];
  return sql`case when ${fromEnd} < ${offset}
    then array(select r.id from unnest((${backwards})[1:${size}]) with ordinality as r(id, k) order by r.k desc)
    else ${idArray(paged(selectIds(db, 'users'), where, forwards, limit, offset))} end`;
}

/**
 * The page of a sort whose column may be null: rows with a value in index order, then, when the
 * page runs past them, those without, ordered by id. `with_value` holds the first part's ids;
 * how many rows have a value is counted only when that part is empty past the first page.
 */
function withValueFirst(db: Database, query: ParticipantPageQuery, conditions: SQL[]): PageIdsSql {
  const sort = SORTS[query.orderBy];
  const limit = int(query.page_size);
  const offset = int(query.start);
  const direction = query.orderDirection === 'desc' ? desc : asc;
  const withValue = and(
    ...conditions,
    ...statsStatusConditions(sort, query),
    isNotNull(sort.column),
  );
  const firstIds = sort.pageIds
    ? sort.pageIds(db, {
        where: withValue,
        direction: query.orderDirection,
        limit: query.page_size,
        offset: query.start,
      })
    : paged(
        selectIds(db, sort.table),
        withValue,
        [...sort.order(query.orderDirection), direction(ID_COLUMNS[sort.table])],
        limit,
        offset,
      );
  const cte = db.$with('with_value', {}).as(sql`select ${idArray(firstIds)} as ids`);
  const first = sql`(select ids from ${cte})`;
  const found = sql`cardinality(${first})`;
  const withoutValue = () =>
    selectIds(db, 'users', sort.table)
      .where(and(...conditions, isNull(sort.column)))
      .orderBy(direction(users.id));
  // Past the rows with a value, the offset into those without is known only once they are
  // counted: an OFFSET of it would be planned as if small (a walk of the primary key through
  // every participant), so all their ids are read, in order, and the page is cut from them.
  const past = sql`${offset} - (${countRows(db, sort.table).where(withValue)})`;
  const all = idArray(withoutValue().getSQL());
  return {
    ids: sql`case when ${found} = ${limit} then ${first}
      when ${found} > 0 or ${offset} = 0
        then ${first} || (${idArray(withoutValue().limit(query.page_size).getSQL())})[1:${limit} - ${found}]
      else array(select u.id from unnest(${all}) with ordinality as u(id, k)
        order by u.k limit ${limit} offset ${past}) end`,
    ctes: [cte],
  };
}

/**
 * The ids of one page, sorted on the whitelisted key with rows without a value last and ties
 * broken by id (in the sort's direction), so pages never overlap or skip; `total` is SQL of the
 * number of matching participants (totalQuery). Each choice below is a CASE branch on it, so
 * PostgreSQL runs only the one taken:
 *
 * - A page at or past the total is empty without reading any ids.
 * - A search with few matches (mayFilterFirst): filter with the trigram index, then sort them.
 * - first_name, email: read in the order of the users indexes ((type, status, key, id), or
 *   (type, key, id) for all statuses); a page in the second half is read from the end, in the
 *   opposite order, so that the last page reads no more than the first.
 * - Otherwise rows with a value are read in index order (for the 7-day counts and last seen, the
 *   participant_stats indexes, by status when the list is filtered by one; for flags and reviews,
 *   participant_triage's), so the first pages need no full sort; rows without a value, which only
 *   the last pages reach, come after them.
 *
 * Each reads only the page's ids, from as few tables as it can.
 */
export function pageIdsSql(
  db: Database,
  query: ParticipantPageQuery,
  now: Date,
  total: SQL,
): PageIdsSql {
  const sort = SORTS[query.orderBy];
  const conditions = filterConditions(query, now);
  const where = and(...conditions);
  const limit = int(query.page_size);
  const offset = int(query.start);
  const branches = [sql`when ${offset} >= ${total} then '{}'::integer[]`];
  if (mayFilterFirst(query)) {
    const order = sort.lookupOrder(query.orderDirection);
    const filtered = idArray(paged(selectIds(db, 'users'), where, order, limit, offset));
    branches.push(sql`when ${total} <= ${int(FILTER_FIRST_MAX_MATCHES)} then ${filtered}`);
  }
  const sorted = sort.nullable
    ? withValueFirst(db, query, conditions)
    : { ids: fromNearerEnd(db, query, where, total), ctes: [] };
  return { ids: sql`case ${sql.join(branches, sql` `)} else ${sorted.ids} end`, ctes: sorted.ctes };
}
