import { and, asc, count, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  TRACKER_FILTERS,
  type ParticipantListQuery,
  type ParticipantListRow,
  type ParticipantSortKey,
  type UserGroup,
} from '@recovery-portal/contract/participants';
import type { ParticipantType, Role, UserStatus } from '@recovery-portal/contract/users';
import type { Database } from '../../db/client';
import { participantStats } from '../../db/schema/activity';
import { loginAttempts, refreshTokens } from '../../db/schema/auth';
import { outbox } from '../../db/schema/outbox';
import { userGroups, users } from '../../db/schema/users';

/** The list filters (everything of the query state but paging and sorting). */
export type ParticipantFilters = Pick<
  ParticipantListQuery,
  'type' | 'status' | 'tracker' | 'search_key'
>;

/** Escapes LIKE's wildcards and its escape character, so the input matches as plain text. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function filterConditions(filters: ParticipantFilters): SQL[] {
  const conditions: SQL[] = [
    eq(users.role, 'PARTICIPANT'),
    eq(users.participantType, filters.type),
  ];
  if (filters.status) conditions.push(eq(users.status, filters.status));
  const tracker = filters.tracker;
  if (tracker === TRACKER_FILTERS.connected) {
    conditions.push(sql`coalesce(${users.tracker}, '') <> ''`);
  } else if (tracker === TRACKER_FILTERS.notConnected) {
    conditions.push(sql`coalesce(${users.tracker}, '') = ''`);
  } else if (tracker) {
    conditions.push(sql`lower(${users.tracker}) = lower(${tracker})`);
  }
  const search = filters.search_key.trim().replace(/\s+/g, ' ');
  if (search) {
    // search_text is lower(first || ' ' || last || ' ' || email) with a trigram index, so one
    // LIKE covers first, last and full name and email. The default LIKE escape is '\'.
    const pattern = `%${escapeLike(search)}%`;
    conditions.push(sql`${users.searchText} like lower(${pattern})`);
  }
  return conditions;
}

/** Spec §9 sort keys mapped to columns; the counts and last seen live in participant_stats. */
const SORT_COLUMNS: Record<
  ParticipantSortKey,
  { column: AnyPgColumn; table: 'users' | 'stats'; nullable: boolean }
> = {
  first_name: { column: users.firstName, table: 'users', nullable: false },
  email: { column: users.email, table: 'users', nullable: false },
  joined_on: { column: users.joinedAt, table: 'users', nullable: true },
  active_session_count: {
    column: participantStats.activeSessionCount,
    table: 'stats',
    nullable: true,
  },
  coach_chat_count: { column: participantStats.coachChatCount, table: 'stats', nullable: true },
  nudge_open_count: { column: participantStats.nudgeOpenCount, table: 'stats', nullable: true },
  coach_call_count: { column: participantStats.coachCallCount, table: 'stats', nullable: true },
  last_app_open: { column: participantStats.lastAppOpen, table: 'stats', nullable: true },
};

const rowFields = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
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
};

interface RawRow {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  type: ParticipantType | null;
  group: string | null;
  tracker: string | null;
  lastAppOpen: Date | null;
  activeSessionCount: number | null;
  coachChatCount: number | null;
  coachCallCount: number | null;
  nudgeOpenCount: number | null;
  invitedAt: Date | null;
  joinedAt: Date | null;
  status: UserStatus;
  canRemind: boolean;
  lastRemindedAt: Date | null;
  nextRemindDate: Date | null;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function toListRow(row: RawRow, fallbackType: ParticipantType): ParticipantListRow {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    user_name: row.email || null,
    type: row.type ?? fallbackType,
    group: row.group,
    tracker_connected: row.tracker || null,
    last_app_open: iso(row.lastAppOpen),
    active_session_count: row.activeSessionCount,
    coach_chat_count: row.coachChatCount,
    coach_call_count: row.coachCallCount,
    nudge_open_count: row.nudgeOpenCount,
    invited_on: iso(row.invitedAt),
    joined_on: iso(row.joinedAt),
    status: row.status,
    can_remind: Boolean(row.canRemind),
    last_reminded_at: iso(row.lastRemindedAt),
    next_remind_date: iso(row.nextRemindDate),
  };
}

/** How many participants match the filters (the paginator's total). */
export async function countParticipants(
  db: Database,
  filters: ParticipantFilters,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(...filterConditions(filters)));
  return row?.n ?? 0;
}

/**
 * True when the filters keep a small share of the participants (invited or suspended ones, or a
 * search). Such pages are cheapest to sort after filtering; the activity columns are
 * also strongly correlated with these filters (invited people have no activity), which would make
 * walking an activity index in order scan most of it.
 */
function isSelective(query: ParticipantListQuery): boolean {
  return (
    query.status === 'PENDING_ACTIVATION' ||
    query.status === 'SUSPENDED' ||
    query.search_key.trim() !== ''
  );
}

/**
 * One page of the list, sorted on the whitelisted key with rows without a value last and ties
 * broken by id (in the sort's direction), so pages never overlap or skip.
 *
 * - first_name, email: read in the order of the users indexes (type, key, id).
 * - Selective filters: filter first (filter or trigram index), then sort the few rows left.
 * - Otherwise rows with a value are read in index order (for the 7-day counts and last seen, the
 *   participant_stats (value, user_id) indexes), so the first pages of 100k participants need no
 *   sort; rows without a value, which only the last pages reach, come from a second query.
 */
export async function listParticipantPage(
  db: Database,
  query: ParticipantListQuery,
): Promise<ParticipantListRow[]> {
  const sort = SORT_COLUMNS[query.orderBy];
  const direction = query.orderDirection === 'desc' ? desc : asc;
  const conditions = filterConditions(query);
  const limit = query.page_size;
  const offset = query.start;
  const fromUsers = () =>
    db
      .select(rowFields)
      .from(users)
      .leftJoin(participantStats, eq(participantStats.userId, users.id))
      .leftJoin(userGroups, eq(userGroups.id, users.groupId));
  const toRows = (raw: RawRow[]) => raw.map((row) => toListRow(row, query.type));

  if (!sort.nullable || isSelective(query)) {
    const order = sort.nullable
      ? [sql`(${sort.column} is null)`, direction(sort.column), direction(users.id)]
      : [direction(sort.column), direction(users.id)];
    return toRows(
      await fromUsers()
        .where(and(...conditions))
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    );
  }

  const withValue =
    sort.table === 'stats'
      ? db
          .select(rowFields)
          .from(participantStats)
          .innerJoin(users, eq(users.id, participantStats.userId))
          .leftJoin(userGroups, eq(userGroups.id, users.groupId))
          .where(and(...conditions, isNotNull(sort.column)))
          .orderBy(direction(sort.column), direction(participantStats.userId))
      : fromUsers()
          .where(and(...conditions, isNotNull(sort.column)))
          .orderBy(direction(sort.column), direction(users.id));
  const first: RawRow[] = await withValue.limit(limit).offset(offset);
  if (first.length === limit) return toRows(first);

  // The page runs past the rows with a value: continue with those without, ordered by id.
  let withValueCount = offset + first.length;
  if (first.length === 0 && offset > 0) {
    const base =
      sort.table === 'stats'
        ? db
            .select({ n: count() })
            .from(participantStats)
            .innerJoin(users, eq(users.id, participantStats.userId))
        : db.select({ n: count() }).from(users);
    const [counted] = await base.where(and(...conditions, isNotNull(sort.column)));
    withValueCount = counted?.n ?? 0;
  }
  const rest: RawRow[] = await fromUsers()
    .where(and(...conditions, isNull(sort.column)))
    .orderBy(direction(users.id))
    .limit(limit - first.length)
    .offset(Math.max(0, offset - withValueCount));
  return toRows([...first, ...rest]);
}

/** The list row of one participant, or undefined when the id is not a participant. */
export async function findParticipantRow(
  db: Database,
  id: number,
): Promise<ParticipantListRow | undefined> {
  const [row] = await db
    .select(rowFields)
    .from(users)
    .leftJoin(participantStats, eq(participantStats.userId, users.id))
    .leftJoin(userGroups, eq(userGroups.id, users.groupId))
    .where(and(eq(users.id, id), eq(users.role, 'PARTICIPANT')))
    .limit(1);
  return row ? toListRow(row, 'Internal') : undefined;
}

export interface AccountSummary {
  id: number;
  role: Role;
  status: UserStatus;
  email: string;
  firstName: string;
  lastRemindedAt: Date | null;
  nextRemindDate: Date | null;
}

/** Any account (staff or participant) by id, for deciding between 404, 409 and the change. */
export async function findAccount(db: Database, id: number): Promise<AccountSummary | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      status: users.status,
      email: users.email,
      firstName: users.firstName,
      lastRemindedAt: users.lastRemindedAt,
      nextRemindDate: users.nextRemindDate,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

export async function listGroups(db: Database): Promise<UserGroup[]> {
  return (
    db
      .select({ id: userGroups.id, name: userGroups.name })
      .from(userGroups)
      // Case-insensitive, so the order does not depend on the database's collation.
      .orderBy(sql`lower(${userGroups.name})`, asc(userGroups.name), asc(userGroups.id))
  );
}

/** A group by exact name (case-insensitive) or by id. */
export async function findGroup(
  db: Database,
  ref: string | number,
): Promise<UserGroup | undefined> {
  const [row] = await db
    .select({ id: userGroups.id, name: userGroups.name })
    .from(userGroups)
    .where(
      typeof ref === 'number'
        ? eq(userGroups.id, ref)
        : sql`lower(${userGroups.name}) = lower(${ref})`,
    )
    .orderBy(asc(userGroups.id))
    .limit(1);
  return row;
}

export async function emailInUse(db: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.toLowerCase()))
    .limit(1);
  return Boolean(row);
}

/** Inserts an invited (PENDING_ACTIVATION) participant; the unique email index guards races. */
export async function insertInvitedParticipant(
  db: Database,
  values: {
    email: string;
    firstName: string;
    lastName: string;
    phoneNumber: string | null;
    type: ParticipantType;
    groupId: number;
  },
): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({
      role: 'PARTICIPANT',
      status: 'PENDING_ACTIVATION',
      email: values.email.toLowerCase(),
      firstName: values.firstName,
      lastName: values.lastName,
      phoneNumber: values.phoneNumber,
      participantType: values.type,
      groupId: values.groupId,
      invitedAt: sql`now()`,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** Removes an invitation whose email could not be sent (nothing else refers to it yet). */
export async function deleteUninvitedParticipant(db: Database, id: number): Promise<void> {
  await db
    .delete(users)
    .where(
      and(eq(users.id, id), eq(users.role, 'PARTICIPANT'), eq(users.status, 'PENDING_ACTIVATION')),
    );
}

/** Moves a participant from one status to another; false when it was not in `from`. */
export async function changeStatus(
  db: Database,
  id: number,
  from: UserStatus,
  to: UserStatus,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ status: to, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), eq(users.role, 'PARTICIPANT'), eq(users.status, from)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Ends every session of the account, so a suspension takes effect at once. */
export async function revokeSessions(db: Database, userId: number): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/**
 * Records a reminder if one may be sent now (invited, and the interval since the last one has
 * passed); the condition and the update are one statement, so two clicks send one reminder.
 */
export async function markReminded(
  db: Database,
  id: number,
  intervalDays: number,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({
      lastRemindedAt: sql`now()`,
      nextRemindDate: sql`now() + make_interval(days => ${intervalDays}::int)`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(users.id, id),
        eq(users.role, 'PARTICIPANT'),
        eq(users.status, 'PENDING_ACTIVATION'),
        or(isNull(users.nextRemindDate), sql`${users.nextRemindDate} <= now()`),
      ),
    )
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Puts back the reminder dates when the reminder email could not be sent. */
export async function restoreReminder(
  db: Database,
  id: number,
  previous: { lastRemindedAt: Date | null; nextRemindDate: Date | null },
): Promise<void> {
  await db
    .update(users)
    .set({ lastRemindedAt: previous.lastRemindedAt, nextRemindDate: previous.nextRemindDate })
    .where(eq(users.id, id));
}

export async function updateParticipantType(
  db: Database,
  id: number,
  type: ParticipantType,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ participantType: type, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), eq(users.role, 'PARTICIPANT')))
    .returning({ id: users.id });
  return rows.length === 1;
}

/**
 * Deletes a participant and all their data in one transaction. Tables keyed by user id cascade
 * from users; the two keyed only by email (sign-in attempts, mail sent to them) are cleared here.
 * The audit trail has no foreign key and keeps its rows. False when the id is not a participant.
 */
export async function deleteParticipant(db: Database, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.id, id), eq(users.role, 'PARTICIPANT')))
      .for('update');
    if (!row) return false;
    await tx.delete(loginAttempts).where(eq(loginAttempts.email, row.email));
    await tx.delete(outbox).where(eq(sql`lower(${outbox.recipient})`, row.email));
    await tx.delete(users).where(eq(users.id, id));
    return true;
  });
}
