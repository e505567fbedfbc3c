// The participant list's rows: each participant as one JSON value in the contract's shape, and the
// statement that reads a page's rows and writes the call's audit row.
import { and, eq, sql, type SQL, type SQLWrapper, type WithSubquery } from 'drizzle-orm';
import type { WithSubqueryWithSelection } from 'drizzle-orm/pg-core';
import type { ParticipantListRow } from '@recovery-portal/contract/participants';
import type { ParticipantType } from '@recovery-portal/contract/users';
import { preparedOutsideTransactions } from '#app/db/ambient-transaction';
import { auditCte, callerCtes, type AuditValues } from '#app/core/audit/record-audit';
import type { SignedInRow } from '#app/core/auth/sessions';
import type { CallerCheck } from '#app/core/auth/statement-caller';
import type { Database } from '#app/db/client';
import { participantStats } from '#app/db/schema/activity';
import { tasks } from '#app/db/schema/care-team';
import { participantTriage } from '#app/db/schema/triage';
import { userGroups, users } from '#app/db/schema/users';
import { isoInstant } from '#app/db/iso-instant';
import { responsibleStaff, staffName } from '#app/core/staff-names';
import { reviewerName, reviewers } from '#app/core/reviewers';

/**
 * A participant's list row, as PostgreSQL writes it in JSON in the contract's shape (the keys of
 * ParticipantListRow, each once): the server then parses one JSON value per page instead of the
 * driver and Drizzle decoding every column of every row and the rows being mapped again (in a
 * profile of the server, about a tenth of a list call's CPU). `fallbackType` is the type shown
 * for a participant without one stored (text).
 */
function listRowJson(fallbackType: SQL): SQL {
  const fields: Record<keyof ParticipantListRow, SQLWrapper> = {
    id: users.id,
    first_name: users.firstName,
    last_name: users.lastName,
    user_name: sql`nullif(${users.email}, '')`,
    birth_date: users.birthDate,
    mrn: users.mrn,
    type: sql`coalesce(${users.participantType}::text, ${fallbackType})`,
    group: userGroups.name,
    tracker_connected: sql`nullif(${users.tracker}, '')`,
    last_app_open: isoInstant(participantStats.lastAppOpen),
    active_session_count: participantStats.activeSessionCount,
    coach_chat_count: participantStats.coachChatCount,
    coach_call_count: participantStats.coachCallCount,
    nudge_open_count: participantStats.nudgeOpenCount,
    invited_on: isoInstant(users.invitedAt),
    joined_on: isoInstant(users.joinedAt),
    status: users.status,
    can_remind: sql`(${users.status} = 'PENDING_ACTIVATION' and (${users.nextRemindDate} is null or ${users.nextRemindDate} <= now()))`,
    last_reminded_at: isoInstant(users.lastRemindedAt),
    next_remind_date: isoInstant(users.nextRemindDate),
    open_flag_count: sql`coalesce(${participantTriage.openFlagCount}, 0)`,
    top_open_severity: participantTriage.topOpenSeverity,
    last_reviewed_at: isoInstant(participantTriage.lastReviewedAt),
    // A review by an account since deleted keeps its time but no longer names anyone.
    last_reviewed_by: sql`case when ${participantTriage.lastReviewedAt} is not null then ${reviewerName} end`,
    last_telemetry_at: isoInstant(participantStats.lastTelemetryAt),
    responsible: sql`case when ${responsibleStaff.id} is not null
      then json_build_object('id', ${responsibleStaff.id}, 'name', coalesce(${staffName(responsibleStaff)}, '')) end`,
    next_task_due_on: sql`(select min(${tasks.dueOn})::text from ${tasks} where ${tasks.participantId} = ${users.id} and ${tasks.doneAt} is null)`,
  };
  // The keys are the contract's own names, written into the statement rather than bound.
  const pairs = Object.entries(fields).map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`);
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/**
 * One value (`json`, of listRowJson) over the list's rows, and `caller` (who a session check of
 * the statement found, or null): every participant has a users row, not always the others (left
 * joined).
 */
function selectRows<T>(
  db: Pick<Database, 'select'>,
  json: SQL<T>,
  caller: SQL<SignedInRow | null> = sql`null`,
) {
  return db
    .select({ json, caller })
    .from(users)
    .leftJoin(participantStats, eq(participantStats.userId, users.id))
    .leftJoin(participantTriage, eq(participantTriage.userId, users.id))
    .leftJoin(userGroups, eq(userGroups.id, users.groupId))
    .leftJoin(reviewers, eq(reviewers.id, participantTriage.lastReviewedBy))
    .leftJoin(responsibleStaff, eq(responsibleStaff.id, users.responsibleClinicianId))
    .$dynamic();
}

/** A page's ids and their order (1, 2, …): a CTE of the statement that reads the page's rows. */
export type PageCte = WithSubqueryWithSelection<
  { id: SQL.Aliased<number>; ord: SQL.Aliased<number> },
  'page'
>;

/**
 * `page` (PageCte) from `ids`, SQL of an array of ids in the page's order: those whose place in
 * it (`p.ord`, from 1) meets `where`, or all.
 */
export function pageOf(db: Database, ids: SQL, where?: SQL): PageCte {
  return db.$with('page').as(
    db
      .select({ id: sql<number>`p.id`.as('id'), ord: sql<number>`p.ord`.as('ord') })
      .from(sql`unnest(${ids}) with ordinality as p(id, ord)`)
      .where(where),
  );
}

/**
 * The list rows of `page` as one JSON array (listRowJson) in its order, written into `answer`,
 * and the call's audit row (auditCte) naming the ids of the rows returned, read by
 * the same statement: one round trip for both. `ctes` are further CTEs `answer` reads. With
 * `caller`, the statement checks the caller's session (callerChecked): the audit row is written
 * only for a caller it admits, as that staff member.
 */
export function auditedRowsOf<T>(
  db: Database,
  page: PageCte,
  answer: (rows: SQL) => SQL<T>,
  ctes: WithSubquery[] = [],
  caller?: CallerCheck,
) {
  // Drizzle names a CTE's column without its table; beside users' id that is ambiguous.
  const returned = sql`jsonb_build_object('returned', (select coalesce(jsonb_agg(page.id order by page.ord), '[]'::jsonb) from ${page} join ${users} on ${users.id} = page.id))`;
  const row = listRowJson(sql`${sql.placeholder('fallbackType')}::text`);
  return selectRows(
    db.with(...callerCtes(caller), page, ...ctes, auditCte(db, returned, caller)),
    answer(sql`coalesce(json_agg(${row} order by page.ord), '[]'::json)`),
    caller?.found,
  ).innerJoin(page, sql`page.id = ${users.id}`);
}

/**
 * The rows of a page whose ids were read first, in the order of its `ids` (auditedRowsOf).
 * Always the same statement, named: PostgreSQL parses it once per connection and keeps its plan
 * (primary key lookups), where planning this five-table join anew took longer than running it;
 * kept, so Drizzle builds its SQL once (ADR 0014). A filtered or sorted page's ids query stays a
 * statement of its own: folded in, the statement differs per page and is planned on every call,
 * about 1.3 ms on 100,000 participants, where the round trip it saves took about 0.13 ms.
 *
 * The ids come as JSON text, so that PostgreSQL cannot see how many there are when it plans:
 * bound as an integer[], its plan for each call's array (none past the total, a few for a rare
 * search) looked cheaper than the kept one, and it planned the statement anew on every call,
 * 1.1–2.5 ms (PostgreSQL's log, 100,000 participants, 2026-11-29).
 */
const rowsByIdStatement = preparedOutsideTransactions((db) =>
  auditedRowsOf(
    db,
    pageOf(
      db,
      sql`array(select e.id::integer from json_array_elements_text(${sql.placeholder('ids')}::text::json) with ordinality as e(id, ord) order by e.ord)`,
    ),
    (rows) => sql<string>`${rows}::text`,
  ).prepare('participant_list_rows'),
);

/**
 * The list rows of these participants, in the order of `ids`, as JSON text (an array of
 * ParticipantListRow), writing the call's audit row.
 */
export async function rowsInOrder(
  db: Database,
  ids: readonly number[],
  fallbackType: ParticipantType,
  audit: AuditValues,
): Promise<string> {
  const [page] = await rowsByIdStatement(db).execute({
    ...audit,
    ids: JSON.stringify(ids),
    fallbackType,
  });
  return page?.json ?? '[]';
}
/** The list row of one participant, or undefined when the id is not a participant. */
export async function findParticipantRow(
  db: Database,
  id: number,
): Promise<ParticipantListRow | undefined> {
  const [found] = await selectRows(
    db,
    sql<ParticipantListRow>`${listRowJson(sql`${'Internal' satisfies ParticipantType}::text`)}`,
  )
    .where(and(eq(users.id, id), eq(users.role, 'PARTICIPANT')))
    .limit(1);
  return found?.json;
}
