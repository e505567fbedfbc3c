import {
  and,
  asc,
  desc,
  eq,
  type AnyColumn,
  gte,
  sql,
  type Placeholder,
  type SQL,
  type SQLWrapper,
  type Subquery,
  type WithSubquery,
} from 'drizzle-orm';
import type { SelectedFieldsFlat, WithSubqueryWithSelection } from 'drizzle-orm/pg-core';
import type { AuditAction, AuditSubjectType } from '@recovery-portal/contract/audit';
import { preparedOutsideTransactions } from '#app/db/ambient-transaction';
import type { Database } from '#app/db/client';
import { auditLog } from '#app/db/schema/audit';
import type { SignedInRow } from '#app/core/auth/sessions';
import {
  callerValues,
  type CallerCheck,
  type StatementCaller,
} from '#app/core/auth/statement-caller';
import { users } from '#app/db/schema/users';

export interface AuditEntry {
  actorId?: number | null;
  actorEmail?: string | null;
  action: AuditAction;
  subjectType?: AuditSubjectType | null;
  subjectId?: number | null;
  details?: Record<string, unknown> | null;
  clientAddress?: string | null;
  requestId?: string | null;
  /**
   * A refusal of a caller no one knows: one row per client address, action and minute counts
   * them all (the first one's details), so that a flood cannot fill the trail.
   */
  folded?: true;
}

/** Subject types whose subject id is a users.id. */
export const USER_SUBJECT_TYPES: readonly AuditSubjectType[] = ['participant', 'user'];

function isUserSubject(type: AuditSubjectType | null | undefined): boolean {
  return type !== null && type !== undefined && USER_SUBJECT_TYPES.includes(type);
}

/** 'Name <email>' of the user with this id as they are now; null for no such user, or no id. */
function userLabel(id: SQL | Placeholder | number | null) {
  return sql<
    string | null
  >`(select trim(${users.firstName} || ' ' || ${users.lastName}) || ' <' || ${users.email} || '>' from ${users} where ${users.id} = ${id})`;
}

/**
 * The values of one audit row, every one a placeholder (auditValues fills them). `addedDetails`,
 * SQL of the statement that writes the row, is merged into the entry's details (a list's
 * `returned` ids, read by the same statement). A null id names no one. `actor`, when given, is
 * who acted, read by the same statement (the placeholders otherwise).
 */
function auditColumnValues(addedDetails?: SQL, actor?: AuditActor) {
  const actorId = actor?.id ?? sql.placeholder('actorId');
  return {
    actorId,
    actorEmail: actor?.email ?? sql.placeholder('actorEmail'),
    actorName: userLabel(actorId),
    action: sql.placeholder('action'),
    subjectType: sql.placeholder('subjectType'),
    subjectId: sql.placeholder('subjectId'),
    subjectName: userLabel(sql.placeholder('subjectUserId')),
    details: addedDetails
      ? sql`(coalesce(${sql.placeholder('detailsJson')}::text::jsonb, '{}'::jsonb) || ${addedDetails})`
      : sql`${sql.placeholder('detailsJson')}::text::jsonb`,
    clientAddress: sql.placeholder('clientAddress'),
    requestId: sql.placeholder('requestId'),
  };
}

/**
 * The insert of one audit row (auditColumnValues), for recordAudit and for a statement that
 * writes its audit row itself (a data-modifying CTE, so a read and its row take one round trip).
 */
function auditInsert(db: Database, addedDetails?: SQL) {
  return db.insert(auditLog).values(auditColumnValues(addedDetails));
}

/**
 * The call's audit row as a CTE named `audit`, `addedDetails` merged into its details: with
 * `caller` (callerChecked), written only for a caller the statement admits, as that staff member
 * (callerCtes then puts the session check before it); without, by auditInsert.
 */
export function auditCte(db: Database, addedDetails?: SQL, caller?: CallerCheck) {
  return caller
    ? db.$with('audit', {}).as(auditInsertFrom(caller.admittedCaller, addedDetails, caller.actor))
    : db.$with('audit').as(auditInsert(db, addedDetails));
}

/** The CTEs a statement that checks `caller`'s session starts with: none without one. */
export const callerCtes = (caller?: CallerCheck) => (caller ? [caller.signedIn] : []);

/** `{ count }`: how many rows `rows`, a CTE of the statement, holds (a list read's details). */
export function countDetails(rows: Subquery): SQL {
  return sql`jsonb_build_object('count', (select count(*)::int from ${rows}))`;
}

/**
 * `{ participant_ids }`: the participants of `rows` (a CTE of the statement), each once, in the
 * order their first row comes by `order` (the list's own order of those rows): who a list read
 * showed, as the page shows them.
 */
function participantIdsDetails(rows: Subquery, participantId: SQLWrapper, order: SQL[]): SQL {
  return sql`jsonb_build_object('participant_ids', (select coalesce(jsonb_agg(firsts.id order by firsts.first), '[]'::jsonb) from (select numbered.id, min(numbered.ord) as first from (select ${participantId} as id, row_number() over (order by ${sql.join(order, sql`, `)}) as ord from ${rows}) as numbered group by numbered.id) as firsts))`;
}

/**
 * One page of a list of participants' records and the list's total in one statement that, when
 * `audited`, also writes the call's audit row (its values bound when it runs), its details
 * naming the participants the page shows (participantIdsDetails). `page`, a CTE of the page's
 * rows, is answered as `row` in the page's order: by its sort key, then id, in `sortDirection`;
 * `total`, a CTE of one row `{ n }`, is read from, so that a page past the end still answers it.
 * listPageOf takes the rows apart.
 *
 * Audit only a statement whose total is cheap: one that writes gets no parallel workers from
 * PostgreSQL, and counting a filtered list over 900,000 nudges took 1.4–2 times as long without
 * them (2026-11-29). An unaudited page is recorded by recordListAudit. With `caller`
 * (callerChecked), the statement checks the caller's session: it answers who it found
 * (`caller`), and writes the audit row only for a caller it admits, as that staff member; the
 * page and total CTEs gate their reads on `caller.admitted` themselves.
 */
export function listPageStatement<TRow extends SelectedFieldsFlat>(
  db: Database,
  page: WithSubquery & Record<'id' | 'sort_key' | 'participant_id', AnyColumn | SQLWrapper>,
  total: WithSubqueryWithSelection<{ n: SQL.Aliased<number> }, 'total'>,
  row: TRow,
  options: { sortDirection: 'asc' | 'desc'; audited: boolean; caller?: CallerCheck },
) {
  const { caller } = options;
  const direction = options.sortDirection === 'asc' ? asc : desc;
  const order = [direction(page.sort_key), direction(page.id)];
  const audit = auditCte(db, participantIdsDetails(page, page.participant_id, order), caller);
  return db
    .with(...callerCtes(caller), page, total, ...(options.audited ? [audit] : []))
    .select({ total: total.n, row, caller: caller?.found ?? sql<null>`null` })
    .from(total)
    .leftJoin(page, sql`true`)
    .orderBy(...order);
}

/**
 * The page's rows (a null `row` is none), the list's total and who the session check found (with
 * `caller`), of listPageStatement's rows.
 */
export function listPageOf<T>(rows: ListPageRow<T>[]): {
  rows: T[];
  total: number;
  caller: SignedInRow | null;
} {
  return {
    rows: rows.flatMap(({ row }) => (row ? [row] : [])),
    total: rows[0]?.total ?? 0,
    caller: rows[0]?.caller ?? null,
  };
}

/** A statement of listPageStatement, built or kept, to run with its values. */
interface ListPageQuery<T> {
  execute(values: Record<string, unknown>): Promise<ListPageRow<T>[]>;
}

type ListPageRow<T> = { total: number; row: T | null; caller: SignedInRow | null };

/**
 * Runs a listPageStatement built with `caller` (callerChecked), its values bound here, and
 * admits the staff member it found (or refuses the call): session check, page, total and audit
 * row in one round trip.
 */
export async function admittedListPage<T>(
  statement: ListPageQuery<T>,
  values: Record<string, unknown>,
  caller: StatementCaller,
  audit: () => AuditValues,
) {
  const read = listPageOf(
    await statement.execute({ ...values, ...audit(), ...callerValues(caller) }),
  );
  caller.admit(read.caller);
  return read;
}

/**
 * Runs an unaudited listPageStatement built with `caller` (callerChecked), admits the staff
 * member it found (or refuses the call), then writes the call's audit row (recordListAudit): for
 * a list whose total is counted, which PostgreSQL may count in parallel only in a statement that
 * writes nothing. Two round trips: session check, page and total in the first.
 */
export async function admittedListPageAuditedAfter<T extends { participant_id: number }>(
  db: Database,
  statement: ListPageQuery<T>,
  values: Record<string, unknown>,
  caller: StatementCaller,
  audit: () => AuditValues,
) {
  const page = listPageOf(await statement.execute({ ...values, ...callerValues(caller) }));
  caller.admit(page.caller);
  await recordListAudit(db, audit(), page.rows);
  return page;
}

/**
 * A query builder whose statement also writes one audit row (auditCte, which
 * PostgreSQL runs whether or not the query reads it; its placeholders filled by `execute` or a
 * prepared statement's values): a read and its audit row in one round trip. With `counted`, a
 * CTE the query then reads, the row's details say how many rows it holds (countDetails).
 */
export function auditingQueryBuilder(db: Database, counted?: WithSubquery) {
  const audit = auditCte(db, counted && countDetails(counted));
  return counted ? db.with(counted, audit) : db.with(audit);
}

/** Who acted, as SQL of the statement that writes the row (its columns' values). */
export interface AuditActor {
  id: SQL;
  email: SQL;
}

/**
 * The same insert, of one row per row of `source` (a CTE of the statement): none when it has
 * none. A read outside a transaction can thus write its row only when what it read exists, and
 * one that checks its caller's session only for a caller it admits (`actor`, read from `source`).
 */
export function auditInsertFrom(
  source: SQL | Subquery,
  addedDetails?: SQL,
  actor?: AuditActor,
): SQL {
  const values = auditColumnValues(addedDetails, actor);
  const keys = Object.keys(values) as (keyof typeof values)[];
  const columns = keys.map((key) => sql.identifier(auditLog[key].name));
  return sql`insert into ${auditLog} (${sql.join(columns, sql`, `)}) select ${sql.join(
    keys.map((key) => values[key]),
    sql`, `,
  )} from ${source}`;
}

/** The values of auditInsert's placeholders for this entry. */
export function auditValues(entry: AuditEntry) {
  const subjectId = entry.subjectId ?? null;
  return {
    actorId: entry.actorId ?? null,
    actorEmail: entry.actorEmail ?? null,
    action: entry.action,
    subjectType: entry.subjectType ?? null,
    subjectId,
    subjectUserId: isUserSubject(entry.subjectType) ? subjectId : null,
    // Text cast to jsonb in SQL: both drivers send it as it is, in a CTE as in record_audit.
    detailsJson: entry.details ? JSON.stringify(entry.details) : null,
    clientAddress: entry.clientAddress ?? null,
    requestId: entry.requestId ?? null,
  };
}

export type AuditValues = ReturnType<typeof auditValues>;

/**
 * Every signed-in call writes one row, so the statement is built once (DESIGN §7: Drizzle
 * building it took a tenth of a millisecond of each call).
 */
const insertAuditRow = preparedOutsideTransactions((db) => auditInsert(db).prepare('record_audit'));

/**
 * Appends one row to the audit trail; rows are never updated or deleted (a folded row only
 * counts on). The actor's and a user subject's names are copied in by the same statement, so
 * the trail keeps the name someone had when they acted or were acted on, not the one they have
 * today.
 */
export async function recordAudit(db: Database, entry: AuditEntry): Promise<void> {
  if (entry.folded && entry.clientAddress) {
    await recordFolded(db, { ...entry, clientAddress: entry.clientAddress });
    return;
  }
  await insertAuditRow(db).execute(auditValues(entry));
}

/**
 * The audit row of a list call whose page was read without it (listPageStatement), its details
 * naming the participants the page showed, each once, in the order the page first shows them.
 */
export async function recordListAudit(
  db: Database,
  audit: AuditValues,
  rows: readonly { participant_id: number }[],
): Promise<void> {
  const details: unknown = audit.detailsJson ? JSON.parse(audit.detailsJson) : {};
  const participantIds = [...new Set(rows.map((row) => row.participant_id))];
  await insertAuditRow(db).execute({
    ...audit,
    detailsJson: JSON.stringify({ ...(details as object), participant_ids: participantIds }),
  });
}

/**
 * The row of this source, action and minute counts one more refusal, or is written as the
 * first. One statement, so concurrent refusals neither lose a count nor write a second row.
 */
async function recordFolded(db: Database, entry: AuditEntry & { clientAddress: string }) {
  const minute = new Date(Math.floor(Date.now() / 60_000) * 60_000);
  await db
    .insert(auditLog)
    .values({
      actorId: entry.actorId ?? null,
      actorEmail: entry.actorEmail ?? null,
      actorName: userLabel(entry.actorId ?? null),
      action: entry.action,
      subjectType: entry.subjectType ?? null,
      subjectId: entry.subjectId ?? null,
      subjectName: userLabel(isUserSubject(entry.subjectType) ? (entry.subjectId ?? null) : null),
      details: entry.details ?? null,
      clientAddress: entry.clientAddress,
      requestId: entry.requestId ?? null,
      foldedMinute: minute,
    })
    .onConflictDoUpdate({
      target: [auditLog.action, auditLog.clientAddress, auditLog.foldedMinute],
      targetWhere: sql`${auditLog.foldedMinute} is not null`,
      set: { repeatCount: sql`${auditLog.repeatCount} + 1` },
    });
}

/**
 * Rows of one action from one client address in the last hour, and in how many seconds the
 * oldest of them leaves that hour; both by the rows' own clock.
 */
export async function auditFromAddressLastHour(
  db: Database,
  action: AuditAction,
  clientAddress: string,
): Promise<{ count: number; oldestLeavesInSeconds: number }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      oldestLeavesInSeconds: sql<number>`coalesce(ceil(extract(epoch from min(${auditLog.createdAt}) + interval '1 hour' - now())), 0)::int`,
    })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, action),
        eq(auditLog.clientAddress, clientAddress),
        gte(auditLog.createdAt, sql`now() - interval '1 hour'`),
      ),
    );
  return { count: row?.count ?? 0, oldestLeavesInSeconds: row?.oldestLeavesInSeconds ?? 0 };
}
