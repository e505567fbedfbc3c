// The participant list's pages and totals: each page reads only the rows it shows (filters in
// participant-list-filters.ts, sort keys in participant-list-sort.ts).
import { and, eq, sql } from 'drizzle-orm';
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
import { participantStats } from '#app/db/schema/activity';
import { tasks } from '#app/db/schema/care-team';
import { participantTriage } from '#app/db/schema/triage';
import { userGroups, users } from '#app/db/schema/users';
import { responsibleStaff, staffName } from '#app/core/staff-names';
import { reviewerName, reviewers } from '#app/core/reviewers';
import type { ParticipantFilters, ParticipantPageQuery } from './participant-list-filters';
import { pageIdsSql, totalQuery } from './participant-list-page-sql';

/**
 * A list row's fields; those of SQL, and the responsible clinician's id (beside the
 * participant's), named so that a CTE of them has one column of each name.
 */
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
  canRemind: sql<boolean>`(${users.status} = 'PENDING_ACTIVATION' and (${users.nextRemindDate} is null or ${users.nextRemindDate} <= now()))`.as(
    'can_remind',
  ),
  lastRemindedAt: users.lastRemindedAt,
  nextRemindDate: users.nextRemindDate,
  openFlagCount: participantTriage.openFlagCount,
  topOpenSeverity: participantTriage.topOpenSeverity,
  lastReviewedAt: participantTriage.lastReviewedAt,
  lastReviewedBy: reviewerName.as('last_reviewed_by'),
  lastTelemetryAt: participantStats.lastTelemetryAt,
  responsibleId: sql<number | null>`${responsibleStaff.id}`.as('responsible_id'),
  responsibleName: staffName(responsibleStaff).as('responsible_name'),
  nextTaskDueOn: sql<
    string | null
  >`(select min(${tasks.dueOn})::text from ${tasks} where ${tasks.participantId} = ${users.id} and ${tasks.doneAt} is null)`.as(
    'next_task_due_on',
  ),
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
function selectRows(db: Pick<Database, 'select'>) {
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

/**
 * How many participants match the filters (the paginator's total), in one statement
 * (totalQuery); the list reads it with its page.
 */
export async function countParticipants(
  db: Database,
  filters: ParticipantFilters,
  now: Date = new Date(),
): Promise<number> {
  const [row] = await totalQuery(db, filters, now);
  return row?.n ?? 0;
}

/**
 * One page of the list and the total matching its filters, read in one statement (DESIGN §7: with
 * the session check, two round trips): `total` counts (totalQuery), `page` takes the page's ids
 * in order (pageIdsSql, whose strategies are CASE branches on the total), `audit` writes the
 * call's audit row naming the ids returned, in page order, and the rows are read by id. Reading
 * `from total left join rows on true` answers the total even for an empty page.
 *
 * The statement differs with the filters, sort and page, so PostgreSQL plans it on every call;
 * on 100,000 participants that took <PLANNING> — where the three round trips it saves took
 * about 0.13 ms each and the statements they sent were planned too.
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
  const rows = db
    .$with('rows')
    .as(selectRows(db).innerJoin(page, sql`page.id = ${users.id}`));
  const read = await db
    .with(total, ...ids.ctes, page, auditRow, rows)
    .select({ total: total.n, row: rows._.selectedFields })
    .from(total)
    .leftJoin(page, sql`true`)
    .leftJoin(rows, sql`rows.id = page.id`)
    .orderBy(sql`page.ord`)
    .execute(audit);
  return {
    rows: read.flatMap(({ row }) => (row ? [toListRow(row, query.type)] : [])),
    total: read[0]?.total ?? 0,
  };
}

/** One page of the list (listParticipants), without its total. */
export async function listParticipantPage(
  db: Database,
  query: ParticipantPageQuery,
  audit: AuditValues,
  now: Date = new Date(),
): Promise<ParticipantListRow[]> {
  return (await listParticipants(db, query, audit, now)).rows;
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
