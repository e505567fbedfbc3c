// The participant list's pages and totals: each page reads only the rows it shows (filters in
// participant-list-filters.ts, sort keys in participant-list-sort.ts, the SQL choosing a page's
// ids in participant-list-page-sql.ts).
import { sql, type SQL } from 'drizzle-orm';
import type { FlagSeverity } from '@recovery-portal/contract/flags';
import type { ParticipantListRow } from '@recovery-portal/contract/participants';
import type { ParticipantType, UserStatus } from '@recovery-portal/contract/users';
import { auditInsert, type AuditValues } from '#app/core/audit/record-audit';
import type { Database } from '#app/db/client';
import {
  engagementFields,
  isoInstant,
  type EngagementColumns,
} from '#app/core/participant-engagement';
import { users } from '#app/db/schema/users';
import type { ParticipantPageQuery } from './participant-list-filters';
import { pageIdsSql, totalQuery } from './participant-list-page-sql';

/** A column of participant_list_rows (migration 0031), read as `r`. */
const listed = <T>(column: string) => sql<T>`r.${sql.identifier(column)}`;

/** A timestamptz column of participant_list_rows, as a Date (the drivers hand over its text). */
const listedInstant = (column: string) =>
  listed<string | null>(column).mapWith((value: string | Date) => new Date(value));

/** A list row's fields, as participant_list_rows answers them. */
const rowFields = {
  id: listed<number>('id'),
  firstName: listed<string>('first_name'),
  lastName: listed<string>('last_name'),
  email: listed<string>('email'),
  birthDate: listed<string | null>('birth_date'),
  mrn: listed<string | null>('mrn'),
  type: listed<ParticipantType | null>('participant_type'),
  group: listed<string | null>('group_name'),
  tracker: listed<string | null>('tracker'),
  lastAppOpen: listedInstant('last_app_open'),
  activeSessionCount: listed<number | null>('active_session_count'),
  coachChatCount: listed<number | null>('coach_chat_count'),
  coachCallCount: listed<number | null>('coach_call_count'),
  nudgeOpenCount: listed<number | null>('nudge_open_count'),
  invitedAt: listedInstant('invited_at'),
  joinedAt: listedInstant('joined_at'),
  status: listed<UserStatus>('status'),
  canRemind: listed<boolean>('can_remind'),
  lastRemindedAt: listedInstant('last_reminded_at'),
  nextRemindDate: listedInstant('next_remind_date'),
  openFlagCount: listed<number | null>('open_flag_count'),
  topOpenSeverity: listed<FlagSeverity | null>('top_open_severity'),
  lastReviewedAt: listedInstant('last_reviewed_at'),
  lastReviewedBy: listed<string | null>('last_reviewed_by'),
  lastTelemetryAt: listedInstant('last_telemetry_at'),
  responsibleId: listed<number | null>('responsible_id'),
  responsibleName: listed<string | null>('responsible_name'),
  nextTaskDueOn: listed<string | null>('next_task_due_on'),
};

/** The list rows of the participants `ids` (SQL of an integer[]), as `r`, in its order (`r.ord`). */
const rowsOf = (ids: SQL) => sql`participant_list_rows(${ids}) as r`;

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
 * One page of the list and the total matching its filters, read in one statement (DESIGN §7: with
 * the session check, two round trips): `total` counts (totalQuery), `page` takes the page's ids
 * in order (pageIdsSql, whose strategies are CASE branches on the total: PostgreSQL runs only
 * the branch taken), `audit` writes the call's audit row naming the ids returned, in page order,
 * and participant_list_rows reads their rows. Reading `from total left join` the rows answers
 * the total even for an empty page.
 *
 * The statement differs with the filters, sort and page, so PostgreSQL plans it on every call.
 * On 100,000 participants (PostgreSQL 15) that took 1.7–3.7 ms with the rows' six-table join in
 * it, 0.3–1.4 ms without: so the rows come from participant_list_rows, a PL/pgSQL function whose
 * query PostgreSQL plans once per connection (migration 0031).
 */
export async function listParticipants(
  db: Database,
  query: ParticipantPageQuery,
  audit: AuditValues,
  now: Date = new Date(),
): Promise<{ rows: ParticipantListRow[]; total: number }> {
  const total = db.$with('total').as(totalQuery(db, query, now));
  const ids = pageIdsSql(db, query, now, sql`(select n from ${total})`);
  const page = db
    .$with('page')
    .as(
      db
        .select({ id: sql<number>`p.id`.as('id'), ord: sql<number>`p.ord`.as('ord') })
        .from(sql`unnest(${ids.ids}) with ordinality as p(id, ord)`),
    );
  // Drizzle names a CTE's column without its table; beside users' id that is ambiguous.
  const returned = sql`jsonb_build_object('returned', (select coalesce(jsonb_agg(page.id order by page.ord), '[]'::jsonb) from ${page} join ${users} on ${users.id} = page.id))`;
  const auditRow = db.$with('audit').as(auditInsert(db, returned));
  const read = await db
    .with(total, ...ids.ctes, page, auditRow)
    .select({ total: total.n, listed: sql<boolean>`r.id is not null`, row: rowFields })
    .from(total)
    .leftJoin(rowsOf(sql`array(select page.id from ${page} order by page.ord)`), sql`true`)
    .orderBy(sql`r.ord`)
    .execute(audit);
  return {
    rows: read.flatMap(({ listed, row }) => (listed ? [toListRow(row, query.type)] : [])),
    total: read[0]?.total ?? 0,
  };
}

/** The list row of one participant, or undefined when the id is not a participant. */
export async function findParticipantRow(
  db: Database,
  id: number,
): Promise<ParticipantListRow | undefined> {
  const [row] = await db.select(rowFields).from(rowsOf(sql`array[${id}::integer]`));
  return row ? toListRow(row, 'Internal') : undefined;
}
