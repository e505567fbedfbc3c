// The participant list's totals: kept (participant_search_counts) or counted, read by the
// statement that checks the caller's session (participant-list.repository.ts reads the pages).
import { and, count, eq, gt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { preparedOutsideTransactions } from '#app/db/ambient-transaction';
import { callerChecked, callerValues, type StatementCaller } from '#app/core/auth/statement-caller';
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
} from './participant-list-filters';
import type { SortTable } from './participant-list-sort';

/** Counts rows read from `table` (PostgreSQL drops the unused left joins). */
export function countRows(db: Database, table: SortTable) {
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
 * How many participants of the type (placeholder `type`), and of the status (`status`) when
 * `byStatus`, have `gram` in their search text, from the kept participant_search_counts.
 */
export function keptCount(db: Database, gram: SQL, byStatus: boolean) {
  return db
    .select({ n: sql<number>`coalesce(sum(${participantSearchCounts.n}), 0)::int`.as('n') })
    .from(participantSearchCounts)
    .where(
      and(
        eq(participantSearchCounts.participantType, sql.placeholder('type')),
        eq(participantSearchCounts.gram, gram),
        byStatus ? eq(participantSearchCounts.status, sql.placeholder('status')) : undefined,
      ),
    );
}

/**
 * The caller's session check (callerChecked) and the list's total (`count`, SQL of one number,
 * read only for a caller the check admits) in one statement: one row `{ n, caller }` when the
 * check finds a staff member, none when it finds no one. The gate stays outside the count: as
 * its condition, PostgreSQL kept the count's unused left join to participant_triage (a
 * condition on no table counts as one on every table) and counted 15–20% slower.
 */
function checkedCount(db: Database, count: SQLWrapper) {
  const caller = callerChecked(db);
  return db
    .with(caller.signedIn)
    .select({
      n: sql<number>`(case when ${caller.admitted} then (${count}) else 0 end)::int`,
      caller: caller.found,
    })
    .from(caller.signedIn);
}

/** Participants whose search text contains `gram` (placeholder), kept (keptCount). */
const keptGramCount = (db: Database, byStatus: boolean) =>
  // search_text is lower-cased; lower() here keeps the same case mapping as the LIKE.
  keptCount(db, sql`lower(${sql.placeholder('gram')})`, byStatus);

/**
 * The session check and the kept count of participants of a type (and of a status, `byStatus`)
 * whose search text contains a gram. Named and kept, like the rows by id: the paginator's total
 * is read on every list call.
 */
function keptCountStatement(byStatus: boolean, name: string) {
  return preparedOutsideTransactions((db) =>
    checkedCount(db, keptGramCount(db, byStatus)).prepare(name),
  );
}
const keptCountAnyStatus = keptCountStatement(false, 'participant_count_any_status');
const keptCountOneStatus = keptCountStatement(true, 'participant_count_one_status');

/**
 * Checks the caller's session and counts how many participants match the filters (the
 * paginator's total) in one statement, then admits the caller (or refuses the call). Without a
 * tracker filter and with no search or one of 1–2 characters, the exact number is read from
 * participant_search_counts (kept by triggers on users) rather than counted; otherwise it is
 * counted, a search through its trigram index.
 */
export async function countParticipants(
  db: Database,
  filters: ParticipantFilters,
  now: Date,
  caller: StatementCaller,
): Promise<number> {
  const days = filters.not_reviewed_days;
  const search = normalisedSearch(filters.search_key);
  const byStatus = filters.status !== '';
  // participant_search_counts knows type, status and search only: other filters are counted.
  const kept =
    !filters.tracker &&
    !narrowedByCareTeam(filters) &&
    !filters.group &&
    !filters.surgery_from &&
    !filters.surgery_to &&
    !filters.programme &&
    [...search].length <= MAX_COUNTED_SEARCH_LENGTH;
  // Built only for a call the kept statement cannot answer.
  const countedTotal = (reviewedWithinDays: number | null) => {
    const everyone = filterConditions({ ...filters, not_reviewed_days: null }, now);
    const all = kept ? keptGramCount(db, byStatus) : countRows(db, 'users').where(and(...everyone));
    if (reviewedWithinDays === null) return all;
    // Those reviewed recently are few and indexed (last_reviewed_at): counting them and taking
    // them away is far cheaper than testing every participant's triage row.
    const cutoff = reviewCutoff(reviewedWithinDays, now);
    const recent = countRows(db, 'triage').where(
      and(...everyone, gt(participantTriage.lastReviewedAt, cutoff)),
    );
    return sql`(${all}) - (${recent})`;
  };
  const statement =
    kept && days === null
      ? (byStatus ? keptCountOneStatus : keptCountAnyStatus)(db)
      : checkedCount(db, countedTotal(days));
  const [row] = await statement.execute({
    ...callerValues(caller),
    type: filters.type,
    status: filters.status,
    gram: search,
  });
  caller.admit(row?.caller);
  return row?.n ?? 0;
}
