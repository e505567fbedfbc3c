// The participant list's sort keys: which index each walks, its order, and how a page's ids are
// chosen when one walk of an index cannot give them.
import { and, asc, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { FLAG_SEVERITIES } from '@recovery-portal/contract/flags';
import type {
  ParticipantListQuery,
  ParticipantSortKey,
  SortDirection,
} from '@recovery-portal/contract/participants';
import type { Database } from '#app/db/client';
import { participantStats } from '#app/db/schema/activity';
import { participantTriage } from '#app/db/schema/triage';
import { users } from '#app/db/schema/users';

/** The table whose index a sort walks: users, participant_stats or participant_triage. */
export type SortTable = 'users' | 'stats' | 'triage';

export interface SortSpec {
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

export const byId = (direction: SortDirection) =>
  direction === 'desc' ? desc(users.id) : asc(users.id);

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
export const SORTS: Record<ParticipantSortKey, SortSpec> = {
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

/** The id column of the table a query starts from: the tie-break that matches its index. */
export const ID_COLUMNS: Record<SortTable, AnyPgColumn> = {
  users: users.id,
  stats: participantStats.userId,
  triage: participantTriage.userId,
};

/**
 * The copies of the participant's type and status on participant_stats, so that a sort by an
 * activity column within one status walks that status's index (participant_stats_status_*).
 */
export function statsStatusConditions(sort: SortSpec, query: ParticipantListQuery): SQL[] {
  if (sort.table !== 'stats' || !query.status) return [];
  return [
    eq(participantStats.participantType, query.type),
    eq(participantStats.status, query.status),
  ];
}
