// The participant list's pages: each page reads only the rows it shows (filters in
// participant-list-filters.ts, sort keys in participant-list-sort.ts, totals in
// participant-list-totals.ts, rows in participant-list-rows.ts).
import { and, asc, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import {
  PARTICIPANT_STATUS_LABELS,
  type ParticipantListResponse,
} from '@recovery-portal/contract/participants';
import { preparedPerShapeOutsideTransactions } from '#app/db/ambient-transaction';
import type { AuditValues } from '#app/core/audit/record-audit';
import { jsonText, type JsonText } from '#app/lib/envelope';
import { callerChecked, callerValues, type StatementCaller } from '#app/core/auth/statement-caller';
import type { Database } from '#app/db/client';
import { pageWindow, pageWindowValues, readAheadIds, readAheadTo } from '#app/db/read-ahead';
import { participantStats } from '#app/db/schema/activity';
import { participantTriage } from '#app/db/schema/triage';
import { users } from '#app/db/schema/users';
import {
  filterConditions,
  MAX_COUNTED_SEARCH_LENGTH,
  narrowedByCareTeam,
  normalisedSearch,
  type ParticipantPageQuery,
} from './participant-list-filters';
import {
  byId,
  ID_COLUMNS,
  SORTS,
  statsStatusConditions,
  type SortTable,
} from './participant-list-sort';
import { countParticipants, countRows, keptCount } from './participant-list-totals';
import { auditedRowsOf, pageOf, rowsInOrder } from './participant-list-rows';

/**
 * A search of this many matches or fewer (found with the trigram index) is sorted after
 * filtering; with more, walking the sort's index finds a page sooner.
 */
const FILTER_FIRST_MAX_MATCHES = 2000;

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

/**
 * For the list as a clinician opens it and pages through it, how far its statement reads ahead
 * (readAheadTo); undefined for any other list. That is the type tab and perhaps a status, in any
 * sort that walks one index (all but open flags, whose severities are merged), on one of its
 * first pages. Its total is kept (participant_search_counts) and its page is a walk of the sort's
 * index from the start, so count, page, rows and audit row take one statement
 * (openingPageStatement). A page further on is found from the cheaper of the two ends, which
 * needs the total first.
 */
function openingReadAhead(query: ParticipantPageQuery): number | undefined {
  const asItOpens =
    !SORTS[query.orderBy].pageIds &&
    normalisedSearch(query.search_key) === '' &&
    !query.tracker &&
    !narrowedByCareTeam(query) &&
    !query.group &&
    !query.surgery_from &&
    !query.surgery_to &&
    !query.programme &&
    query.not_reviewed_days === null;
  return asItOpens ? readAheadTo(query.start + query.page_size) : undefined;
}

interface OpeningPage {
  query: ParticipantPageQuery;
  readAhead: number;
}

/**
 * The name of the statement of a list read in one, after what shapes it: a status or all, the
 * sort, how far it reads, and for a sort some participants have no value for, the type and
 * status themselves (openingIds). Paging through the portal's list meets a few of them.
 */
const openingStatementName = ({ query, readAhead }: OpeningPage) => {
  const sort = `${query.orderBy}_${query.orderDirection}_${String(readAhead)}`;
  if (!SORTS[query.orderBy].nullable) {
    return `participant_list_${query.status ? 'one' : 'any'}_status_${sort}`;
  }
  // The statuses as the portal names them, and a shorter prefix: within PostgreSQL's 63 bytes.
  const status = query.status ? PARTICIPANT_STATUS_LABELS[query.status] : 'All';
  return `participants_${query.type}_${status}_${sort}`.toLowerCase();
};

/**
 * The caller's session check (callerChecked), the list's total (kept), the ids of its page (a
 * walk of the sort's index), their rows and the call's audit row, as one statement per shape
 * (openingStatementName), built once and kept by name, its values bound: the server builds no
 * SQL per call and PostgreSQL plans it once per connection. The total, the walk and the audit row
 * are gated on the session: for a caller it does not admit, the statement reads and writes
 * nothing. The role and the read-ahead are written into the statement, not bound, so that its
 * generic plan still matches the indexes' `role = 'PARTICIPANT'` and is costed as cheap as it is.
 */
const openingPageStatement = preparedPerShapeOutsideTransactions(
  openingStatementName,
  (db, { query, readAhead }: OpeningPage, name) => {
    const caller = callerChecked(db);
    // Every search text contains '': its row counts everyone of the type and status.
    const total = db.$with('total').as(keptCount(db, sql`''`, query.status !== ''));
    // Only the page's own entries of those read ahead, numbered as in the list.
    const window = and(caller.admitted, pageWindow(sql`p.ord`));
    const page = pageOf(db, openingIds(db, query, readAhead), window);
    return auditedRowsOf(
      db,
      page,
      (rows) =>
        sql<string>`json_build_object('users', ${rows}, 'total_participants', (select ${total.n} from ${total} where ${caller.admitted}))::text`,
      [total],
      caller,
    ).prepare(name);
  },
);

/**
 * The first `readAhead` ids of the list as it opens, in order. A sort every participant has a
 * value for walks its users index, the type and status bound. Any other sort walks the rows with
 * a value, then, only when those are fewer than the read-ahead, the rows without one by id (as
 * listParticipantPage does): a gate on the first walk's length, which PostgreSQL checks before
 * it starts the second, keeps the usual call to one walk. Those two walks have the type and
 * status written into the statement: bound, PostgreSQL costed their generic plan at twice its
 * plans for the values (it cannot tell how many rows a bound type and status match, 2026-11-29),
 * and so planned the statement anew on every call (5.6 ms).
 */
function openingIds(db: Database, query: ParticipantPageQuery, readAhead: number): SQL {
  const sort = SORTS[query.orderBy];
  const inOrder = query.orderDirection === 'desc' ? desc : asc;
  const valueOrder = [...sort.order(query.orderDirection), inOrder(ID_COLUMNS[sort.table])];
  const participants = sql`${users.role} = 'PARTICIPANT'`;
  if (!sort.nullable) {
    const status = query.status ? sql.placeholder('status') : undefined;
    const where = and(
      participants,
      eq(users.participantType, sql.placeholder('type')),
      status && eq(users.status, status),
    );
    return readAheadIds(
      selectIds(db, 'users')
        .where(where)
        .orderBy(...valueOrder),
      readAhead,
    );
  }
  const where = and(participants, ...written(cohortOf(query)));
  const withValue = selectIds(db, sort.table)
    .where(and(where, ...written(statsStatusConditions(sort, query)), isNotNull(sort.column)))
    .orderBy(...valueOrder);
  const withoutValue = selectIds(db, 'users', sort.table)
    .where(
      and(
        sql`cardinality(first_walk.ids) < ${sql.raw(String(readAhead))}`,
        where,
        isNull(sort.column),
      ),
    )
    .orderBy(inOrder(users.id));
  // Materialized: referred to twice, it is still walked once.
  return sql`(with first_walk as materialized (select ${readAheadIds(withValue, readAhead)} as ids) select first_walk.ids || ${readAheadIds(withoutValue, readAhead)} from first_walk)`;
}

/**
 * The type and status of the list as conditions on users, their values bound. Only these may be
 * written into a kept statement: its name (openingStatementName) carries them and nothing else.
 */
function cohortOf(query: ParticipantPageQuery): SQL[] {
  return [
    eq(users.participantType, query.type),
    ...(query.status ? [eq(users.status, query.status)] : []),
  ];
}

/** `conditions` with their values written into the statement (Drizzle escapes them). */
const written = (conditions: SQL[]) =>
  conditions.map((condition) => sql`${condition}`.inlineParams());

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
 * True when sorting after filtering reads fewer rows than walking the sort's index: a search the
 * trigram index answers with few matches. A search of 1–2 characters has no index to filter
 * with, so its page is always found by walking the sort's index, which reads no more rows than
 * filtering would.
 */
function filterFirst(query: ParticipantPageQuery, total: number): boolean {
  // A caseload or the participants with overdue tasks are few: sort them after filtering.
  if (narrowedByCareTeam(query)) return total <= FILTER_FIRST_MAX_MATCHES;
  const search = normalisedSearch(query.search_key);
  if ([...search].length <= MAX_COUNTED_SEARCH_LENGTH) return false;
  return total <= FILTER_FIRST_MAX_MATCHES;
}

/**
 * One page of the list and the exact number of participants matching its filters (the
 * paginator's total), with the call's audit row (`audit`, read once the caller is admitted)
 * written by the statement that reads the rows. As the list opens, all in one statement, the
 * caller's session check included (openingReadAhead); otherwise the session is checked and the
 * total counted by one statement first (countParticipants), because the total tells how to read
 * the page (listParticipantPage). `now` anchors 'not reviewed in N days' for both, so the total
 * counts the rows it pages. (Choosing the page's ids in the counting statement too, by the total
 * in SQL, was tried: PostgreSQL then planned every way of reading the page on each call, and a
 * LIMIT it could not estimate; searched and filtered calls took 0.5–19 ms longer, 2026-11-29.)
 */
export async function listParticipants(
  db: Database,
  query: ParticipantPageQuery,
  caller: StatementCaller,
  audit: () => AuditValues,
  now: Date = new Date(),
): Promise<JsonText<ParticipantListResponse>> {
  const readAhead = openingReadAhead(query);
  if (readAhead !== undefined) {
    const [read] = await openingPageStatement(db, { query, readAhead }).execute({
      ...audit(),
      ...callerValues(caller),
      type: query.type,
      status: query.status,
      fallbackType: query.type,
      ...pageWindowValues({ start: query.start, pageSize: query.page_size }),
    });
    if (!read) throw new Error('the participant list statement answered no row');
    caller.admit(read.caller);
    return jsonText(read.json);
  }
  const total = await countParticipants(db, query, now, caller);
  const users = await listParticipantPage(db, query, audit(), now, total);
  return jsonText(`{"users":${users},"total_participants":${String(total)}}`);
}

/**
 * One page of the list, sorted on the whitelisted key with rows without a value last and ties
 * broken by id (in the sort's direction), so pages never overlap or skip. `total` is the exact
 * number of matching participants (countParticipants).
 *
 * - A page at or past the total is empty without reading any ids.
 * - A search with few matches (filterFirst): filter with the trigram index, then sort them.
 * - first_name, email: read in the order of the users indexes ((type, status, key, id), or
 *   (type, key, id) for all statuses); a page in the second half is read from the end, in the
 *   opposite order, so that the last page reads no more than the first.
 * - Otherwise rows with a value are read in index order (for the 7-day counts and last seen, the
 *   participant_stats indexes, by status when the list is filtered by one; for flags and reviews,
 *   participant_triage's), so the first pages need no full sort; rows without a value, which only
 *   the last pages reach, come from a second query.
 *
 * Each of these chooses only the page's ids, reading as few tables as it can; the rows are then
 * read by id (rowsInOrder), by the statement that writes the call's audit row (`audit`).
 */
async function listParticipantPage(
  db: Database,
  query: ParticipantPageQuery,
  audit: AuditValues,
  now: Date,
  total: number,
): Promise<string> {
  // A page past the total reads no ids; the statement still writes the audit row.
  const ids = query.start >= total ? [] : await pageIds(db, query, now, total);
  return rowsInOrder(db, ids, query.type, audit);
}

/** The ids of the page's participants, in order (see listParticipantPage). */
async function pageIds(
  db: Database,
  query: ParticipantPageQuery,
  now: Date,
  matching: number,
): Promise<number[]> {
  const limit = query.page_size;
  const offset = query.start;
  const sort = SORTS[query.orderBy];
  const direction = query.orderDirection === 'desc' ? desc : asc;
  const conditions = filterConditions(query, now);
  const idsOf = (rows: { id: number }[]) => rows.map((row) => row.id);
  const valueOrder = sort.order(query.orderDirection);

  if (filterFirst(query, matching)) {
    const order = sort.lookupOrder(query.orderDirection);
    return idsOf(await paged(selectIds(db, 'users'), and(...conditions), order, limit, offset));
  }
  if (!sort.nullable) {
    const size = Math.min(limit, matching - offset);
    const fromEnd = matching - offset - size;
    if (fromEnd < offset) {
      const opposite = query.orderDirection === 'desc' ? 'asc' : 'desc';
      const reversed = [...sort.order(opposite), byId(opposite)];
      const rows = await paged(selectIds(db, 'users'), and(...conditions), reversed, size, fromEnd);
      return idsOf(rows).reverse();
    }
    const order = [...valueOrder, direction(users.id)];
    return idsOf(await paged(selectIds(db, 'users'), and(...conditions), order, limit, offset));
  }

  const withValue = and(
    ...conditions,
    ...statsStatusConditions(sort, query),
    isNotNull(sort.column),
  );
  const first = sort.pageIds
    ? await sort.pageIds(db, { where: withValue, direction: query.orderDirection, limit, offset })
    : idsOf(
        await paged(
          selectIds(db, sort.table),
          withValue,
          [...valueOrder, direction(ID_COLUMNS[sort.table])],
          limit,
          offset,
        ),
      );
  if (first.length === limit) return first;

  // The page runs past the rows with a value: continue with those without, ordered by id.
  let withValueCount = offset + first.length;
  if (first.length === 0 && offset > 0) {
    const [counted] = await countRows(db, sort.table).where(withValue);
    withValueCount = counted?.n ?? 0;
  }
  const rest = await paged(
    selectIds(db, 'users', sort.table),
    and(...conditions, isNull(sort.column)),
    [direction(users.id)],
    limit - first.length,
    Math.max(0, offset - withValueCount),
  );
  return [...first, ...idsOf(rest)];
}
