// The participant list's filters: the query state (all but paging and sorting) as SQL conditions.
import { eq, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { TRACKER_FILTERS, type ParticipantListQuery } from '@recovery-portal/contract/participants';
import { tasks } from '#app/db/schema/care-team';
import { participantTriage } from '#app/db/schema/triage';
import { users } from '#app/db/schema/users';
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
export const narrowedByCareTeam = (filters: ParticipantFilters) =>
  (filters.responsible_id ?? null) !== null || filters.overdue_before !== null;

/** Escapes LIKE's wildcards and its escape character, so the input matches as plain text. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The search as matched: trimmed, inner runs of whitespace as one space. */
export const normalisedSearch = (searchKey: string) => searchKey.trim().replace(/\s+/g, ' ');

/**
 * Searches of up to this many characters are counted from participant_search_counts; longer
 * ones are counted with the trigram index, which needs at least three characters.
 */
export const MAX_COUNTED_SEARCH_LENGTH = 2;
/** Reviewed in the last N days means after this instant: within (now − N days, now]. */
export const reviewCutoff = (days: number, now: Date) => new Date(now.getTime() - days * DAY_MS);

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
