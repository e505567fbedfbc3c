// The participant list: filters, sorts and pages planned so each page reads only the rows it shows.
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { alias, type AnyPgColumn, type PgSelect } from 'drizzle-orm/pg-core';
import { FLAG_SEVERITIES, type FlagSeverity } from '@recovery-portal/contract/flags';
import {
  TRACKER_FILTERS,
  type ParticipantListQuery,
  type ParticipantListRow,
  type ParticipantSortKey,
  type SortDirection,
} from '@recovery-portal/contract/participants';
import type { ParticipantType, UserStatus } from '@recovery-portal/contract/users';
import { preparedOutsideTransactions } from '#app/db/ambient-transaction';
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
import { DAY_MS } from '#app/core/days';
import { cohortConditions } from '#app/core/cohort-filter';

/**
 * The list filters (everything of the query state but paging and sorting), with "mine" resolved
 * to the staff member whose caseload it is (null: everybody's).
 */
export type ParticipantFilters = Pick<
  ParticipantListQuery,
  | 'type'
  | 'status'
  | 'tracker'
  | 'search_key'
  | 'not_reviewed_days'
  | 'overdue_before'
  | 'group'
  | 'surgery_from'
  | 'surgery_to'
  | 'programme'
> & { responsible_id?: number | null };

/** The list query with "mine" resolved (see ParticipantFilters). */
export type ParticipantPageQuery = ParticipantListQuery & { responsible_id?: number | null };

/** True for the care-team filters, which no kept count covers: they are counted and filtered first. */
const narrowedByCareTeam = (filters: ParticipantFilters) =>
  (filters.responsible_id ?? null) !== null || filters.overdue_before !== null;

/** Escapes LIKE's wildcards and its escape character, so the input matches as plain text. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The search as matched: trimmed, inner runs of whitespace as one space. */
const normalisedSearch = (searchKey: string) => searchKey.trim().replace(/\s+/g, ' ');

/**
 * Searches of up to this many characters are counted from participant_search_counts; longer
 * ones are counted with the trigram index, which needs at least three characters.
 */
const MAX_COUNTED_SEARCH_LENGTH = 2;

/**
 * A search of this many matches or fewer (found with the trigram index) is sorted after
 * filtering; with more, walking the sort's index finds a page sooner.
 */
const FILTER_FIRST_MAX_MATCHES = 2000;

/** Reviewed in the last N days means after this instant: within (now − N days, now]. */
const reviewCutoff = (days: number, now: Date) => new Date(now.getTime() - days * DAY_MS);

/**
 * The filters as SQL. `now` anchors 'not reviewed in N days', which reads participant_triage:
 * every query these conditions go into joins it.
 */
export function filterConditions(filters: ParticipantFilters, now: Date): SQL[] {
  const conditions: SQL[] = cohortConditions(filters);
  if (filters.status) conditions.push(eq(users.status, filters.status));
  const tracker = filters.tracker;
  if (tracker === TRACKER_FILTERS.connected) {
    conditions.push(sql`coalesce(${users.tracker}, '') <> ''`);
  } else if (tracker === TRACKER_FILTERS.notConnected) {
    conditions.push(sql`coalesce(${users.tracker}, '') = ''`);
  } else if (tracker) {
    conditions.push(sql`lower(${users.tracker}) = lower(${tracker})`);
  }
  const search = normalisedSearch(filters.search_key);
  if (search) {
    // search_text is lower(first || ' ' || last || ' ' || email || ' ' || mrn) with a trigram
    // index, so one LIKE covers first, last and full name, email and record number. The default
    // LIKE escape is '\'.
    const pattern = `%${escapeLike(search)}%`;
    conditions.push(sql`${users.searchText} like lower(${pattern})`);
  }
  if (filters.overdue_before !== null) {
    // tasks_open_participant_idx answers this per participant.
    conditions.push(
      sql`exists (select 1 from ${tasks} where ${tasks.participantId} = ${users.id} and ${tasks.doneAt} is null and ${tasks.dueOn} < ${filters.overdue_before})`,
    );
  }
  if (filters.not_reviewed_days !== null) {
    const cutoff = reviewCutoff(filters.not_reviewed_days, now);
    const notRecently = or(
      isNull(participantTriage.lastReviewedAt),
      lte(participantTriage.lastReviewedAt, cutoff),
    );
    if (notRecently) conditions.push(notRecently);
  }
  return conditions;
}

/** The table whose index a sort walks: users, participant_stats or participant_triage. */
type SortTable = 'users' | 'stats' | 'triage';

interface SortSpec {
  table: SortTable;
  /** The column that is null for rows without a value (they come last, ordered by id). */
  column: AnyPgColumn;
  nullable: boolean;
  /** The ORDER BY of rows with a value, before the id tie-break. */
  order: (direction: SortDirection) => SQL[];
  /**
   * The whole ORDER BY (rows without a value last, then the id tie-break) of a query that reads
   * users alone: values of other tables are looked up row by row. For a few filtered rows, that
   * beats joining (the planner, expecting more rows, reads the joined table whole).
   */
  lookupOrder: (direction: SortDirection) => SQL[];
  /**
   * Chooses the ids of a page of rows with a value, in order, for orders that one walk of an
   * index cannot give.
   */
  pageIds?: (db: Database, page: IdPage) => Promise<number[]>;
}

/** A page of rows with a value to choose ids for: filters, direction and paging. */
interface IdPage {
  where: SQL | undefined;
  direction: SortDirection;
  limit: number;
  offset: number;
}

/**
 * The ids of a page sorted by open flags. The (severity, count, user_id) index walked within one
 * severity gives that severity's rows by count and id, in either direction; so each severity
 * reads at most offset + limit rows in index order, and only those few are merged and sorted.
 * (Walking the whole index would give the counts of a severity in the wrong direction, and
 * PostgreSQL would read and sort every flagged participant of the leading severity.)
 */
async function openFlagPageIds(
  db: Database,
  { where, direction, limit, offset }: IdPage,
): Promise<number[]> {
  const inOrder = direction === 'desc' ? desc : asc;
  const severities = direction === 'desc' ? FLAG_SEVERITIES : [...FLAG_SEVERITIES].reverse();
  const [first, ...rest] = severities.map((severity) =>
    db
      .select({
        userId: participantTriage.userId,
        topOpenSeverity: participantTriage.topOpenSeverity,
        openFlagCount: participantTriage.openFlagCount,
      })
      .from(participantTriage)
      .innerJoin(users, eq(users.id, participantTriage.userId))
      .where(and(where, eq(participantTriage.topOpenSeverity, severity)))
      .orderBy(inOrder(participantTriage.openFlagCount), inOrder(participantTriage.userId))
      .limit(offset + limit),
  );
  if (!first) throw new Error('there are no flag severities');
  const merged = rest
    .reduce((union, next) => union.unionAll(next), first.$dynamic())
    .orderBy(
      // The set operation names its columns: severity order is the enum's (most severe first).
      direction === 'desc'
        ? asc(participantTriage.topOpenSeverity)
        : desc(participantTriage.topOpenSeverity),
      inOrder(participantTriage.openFlagCount),
      inOrder(participantTriage.userId),
    )
    .limit(limit)
    .offset(offset);
  return (await merged).map((row) => row.userId);
}

/** users under another name, for looking up a participant's own columns row by row. */
const sortedUsers = alias(users, 'sorted_users');

/**
 * A participant's value of `value` (a column of `table`, or an expression over one; of
 * sortedUsers for 'users'), looked up by the id of the query's users row. Even a users column is
 * looked up rather than read directly: PostgreSQL could otherwise walk its index in order,
 * expecting matches to come soon, and read every participant to find a rare search's few.
 */
function lookedUp(table: SortTable, value: SQLWrapper): SQL {
  switch (table) {
    case 'users':
      return sql`(select ${value} from ${users} as ${sortedUsers} where ${sortedUsers.id} = ${users.id})`;
    case 'stats':
      return sql`(select ${value} from ${participantStats} where ${participantStats.userId} = ${users.id})`;
    case 'triage':
      return sql`(select ${value} from ${participantTriage} where ${participantTriage.userId} = ${users.id})`;
  }
}

/** `value` in `direction` with nulls last, either way. */
const nullsLast = (value: SQL, direction: SortDirection) =>
  direction === 'desc' ? sql`${value} desc nulls last` : sql`${value} asc nulls last`;

const byId = (direction: SortDirection) => (direction === 'desc' ? desc(users.id) : asc(users.id));

const byColumn = (
  column: AnyPgColumn,
  table: SortTable,
  nullable: boolean,
  lookupColumn: AnyPgColumn = column,
): SortSpec => ({
  table,
  column,
  nullable,
  order: (direction) => [direction === 'desc' ? desc(column) : asc(column)],
  lookupOrder: (direction) => [
    nullsLast(lookedUp(table, lookupColumn), direction),
    byId(direction),
  ],
});

/**
 * The open flag count, 0 without a triage row: rows without open flags then tie on it and fall
 * back to the id order, whichever query path reads them.
 */
const openFlagCount = sql`coalesce(${participantTriage.openFlagCount}, 0)`;

/**
 * Sort keys mapped to columns; the counts and last seen live in participant_stats, flags and
 * reviews in participant_triage. Open flags descending is the most severe first (the severity
 * enum is declared most severe first), then the most flags.
 */
const SORTS: Record<ParticipantSortKey, SortSpec> = {
  first_name: byColumn(users.firstName, 'users', false, sortedUsers.firstName),
  email: byColumn(users.email, 'users', false, sortedUsers.email),
  joined_on: byColumn(users.joinedAt, 'users', true, sortedUsers.joinedAt),
  active_session_count: byColumn(participantStats.activeSessionCount, 'stats', true),
  coach_chat_count: byColumn(participantStats.coachChatCount, 'stats', true),
  nudge_open_count: byColumn(participantStats.nudgeOpenCount, 'stats', true),
  coach_call_count: byColumn(participantStats.coachCallCount, 'stats', true),
  last_app_open: byColumn(participantStats.lastAppOpen, 'stats', true),
  open_flags: {
    table: 'triage',
    column: participantTriage.topOpenSeverity,
    nullable: true,
    pageIds: openFlagPageIds,
    lookupOrder: (direction) => {
      const opposite = direction === 'desc' ? 'asc' : 'desc';
      const flags = sql`coalesce(${lookedUp('triage', participantTriage.openFlagCount)}, 0)`;
      return [
        nullsLast(lookedUp('triage', participantTriage.topOpenSeverity), opposite),
        direction === 'desc' ? desc(flags) : asc(flags),
        byId(direction),
      ];
    },
    order: (direction) =>
      direction === 'desc'
        ? [asc(participantTriage.topOpenSeverity), desc(openFlagCount)]
        : [desc(participantTriage.topOpenSeverity), asc(openFlagCount)],
  },
  last_reviewed_at: byColumn(participantTriage.lastReviewedAt, 'triage', true),
};

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

/** The list's rows: every participant has a users row, not always the others (left joined). */
function selectRows(db: Database) {
  return db
    .select(rowFields)
    .from(users)
    .leftJoin(participantStats, eq(participantStats.userId, users.id))
    .leftJoin(participantTriage, eq(participantTriage.userId, users.id))
    .leftJoin(userGroups, eq(userGroups.id, users.groupId))
    .leftJoin(reviewers, eq(reviewers.id, participantTriage.lastReviewedBy))
    .leftJoin(responsibleStaff, eq(responsibleStaff.id, users.responsibleClinicianId))
    .$dynamic();
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

/**
 * The list rows of participants by id. Always the same statement, named: PostgreSQL parses it
 * once per connection and keeps its plan (primary key lookups), where planning this five-table
 * join anew took longer than running it; kept, so Drizzle builds its SQL once (ADR 0014).
 */
const rowsByIdStatement = preparedOutsideTransactions((db) =>
  selectRows(db)
    .where(sql`${users.id} = any(${sql.placeholder('ids')})`)
    .prepare('participant_list_rows'),
);

/** The list rows of these participants, in the order of `ids`. */
async function rowsInOrder(
  db: Database,
  ids: readonly number[],
  fallbackType: ParticipantType,
): Promise<ParticipantListRow[]> {
  if (ids.length === 0) return [];
  const raw: RawRow[] = await rowsByIdStatement(db).execute({ ids });
  const byUserId = new Map(raw.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byUserId.get(id);
    return row ? [toListRow(row, fallbackType)] : [];
  });
}

/** The id column of the table a query starts from: the tie-break that matches its index. */
const ID_COLUMNS: Record<SortTable, AnyPgColumn> = {
  users: users.id,
  stats: participantStats.userId,
  triage: participantTriage.userId,
};

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
 * Participants of a type (and of a status, `byStatus`) whose search text contains a gram. Named
 * and kept, like the rows by id: the paginator's total is read on every list call.
 */
function countedStatement(byStatus: boolean, name: string) {
  return preparedOutsideTransactions((db) =>
    db
      .select({ n: sql<number>`coalesce(sum(${participantSearchCounts.n}), 0)::int` })
      .from(participantSearchCounts)
      .where(
        and(
          eq(participantSearchCounts.participantType, sql.placeholder('type')),
          // search_text is lower-cased; lower() here keeps the same case mapping as the LIKE.
          eq(participantSearchCounts.gram, sql`lower(${sql.placeholder('gram')})`),
          byStatus ? eq(participantSearchCounts.status, sql.placeholder('status')) : undefined,
        ),
      )
      .prepare(name),
  );
}
const countedAnyStatus = countedStatement(false, 'participant_count_any_status');
const countedOneStatus = countedStatement(true, 'participant_count_one_status');

/** Participants of `type` (and `status`, when given) whose search text contains `gram`. */
async function countedFromTable(
  db: Database,
  filters: Pick<ParticipantFilters, 'type' | 'status'>,
  gram: string,
): Promise<number> {
  const [row] = filters.status
    ? await countedOneStatus(db).execute({ type: filters.type, gram, status: filters.status })
    : await countedAnyStatus(db).execute({ type: filters.type, gram });
  return row?.n ?? 0;
}

/**
 * How many participants match the filters (the paginator's total). Without a tracker filter and
 * with no search or one of 1–2 characters, the exact number is read from
 * participant_search_counts (kept by triggers on users) rather than counted; otherwise it is
 * counted, a search through its trigram index.
 */
export async function countParticipants(
  db: Database,
  filters: ParticipantFilters,
  now: Date = new Date(),
): Promise<number> {
  const days = filters.not_reviewed_days;
  const search = normalisedSearch(filters.search_key);
  const everyone = () => filterConditions({ ...filters, not_reviewed_days: null }, now);
  let all: number;
  // participant_search_counts knows type, status and search only: other filters are counted.
  const counted =
    !filters.tracker &&
    !narrowedByCareTeam(filters) &&
    !filters.group &&
    !filters.surgery_from &&
    !filters.surgery_to &&
    !filters.programme;
  if (counted && [...search].length <= MAX_COUNTED_SEARCH_LENGTH) {
    all = await countedFromTable(db, filters, search);
  } else {
    const [row] = await countRows(db, 'users').where(and(...everyone()));
    all = row?.n ?? 0;
  }
  if (days === null) return all;
  // Those reviewed recently are few and indexed (last_reviewed_at): counting them and taking them
  // away is far cheaper than testing every participant's triage row.
  const [recent] = await countRows(db, 'triage').where(
    and(...everyone(), gt(participantTriage.lastReviewedAt, reviewCutoff(days, now))),
  );
  return all - (recent?.n ?? 0);
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
 * The copies of the participant's type and status on participant_stats, so that a sort by an
 * activity column within one status walks that status's index (participant_stats_status_*).
 */
function statsStatusConditions(sort: SortSpec, query: ParticipantListQuery): SQL[] {
  if (sort.table !== 'stats' || !query.status) return [];
  return [
    eq(participantStats.participantType, query.type),
    eq(participantStats.status, query.status),
  ];
}

/**
 * One page of the list, sorted on the whitelisted key with rows without a value last and ties
 * broken by id (in the sort's direction), so pages never overlap or skip. `total` is the exact
 * number of matching participants (countParticipants); it is counted when not given.
 *
 * - A page at or past the total is empty without reading anything.
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
 * read by id (rowsInOrder).
 */
export async function listParticipantPage(
  db: Database,
  query: ParticipantPageQuery,
  now: Date = new Date(),
  total?: number,
): Promise<ParticipantListRow[]> {
  const matching = total ?? (await countParticipants(db, query, now));
  const offset = query.start;
  if (offset >= matching) return [];
  const ids = await pageIds(db, query, now, matching);
  return rowsInOrder(db, ids, query.type);
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

/** The list row of one participant, or undefined when the id is not a participant. */
export async function findParticipantRow(
  db: Database,
  id: number,
): Promise<ParticipantListRow | undefined> {
  const [row] = await selectRows(db)
    .where(and(eq(users.id, id), eq(users.role, 'PARTICIPANT')))
    .limit(1);
  return row ? toListRow(row, 'Internal') : undefined;
}
