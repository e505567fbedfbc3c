// Reading flags: the Flags screen's pages and counts, one participant's flags, and one flag for
// an acknowledgement. The triage scan's writes are in triage.repository.ts.
import {
  aliasedTable,
  and,
  asc,
  count,
  desc,
  eq,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import {
  MAX_PARTICIPANT_FLAGS,
  type FlagSeverity,
  type FlagSource,
  type FlagStatus,
} from '@recovery-portal/contract/flags';
import type { ParticipantType } from '@recovery-portal/contract/users';
import { preparedOutsideTransactions } from '#app/db/ambient-transaction';
import type { Database } from '#app/db/client';
import { clinicalFlags } from '#app/db/schema/triage';
import { users } from '#app/db/schema/users';
import type { AuditValues } from '#app/core/audit/record-audit';
import {
  participantCte,
  participantListStatement,
  participantRecords,
} from '#app/core/audit/participant-read';

export interface FlagRow {
  id: number;
  userId: number;
  firstName: string;
  lastName: string;
  birthDate: string | null;
  mrn: string | null;
  source: FlagSource;
  severity: FlagSeverity;
  rule: string;
  matchedText: string;
  value: number | null;
  conversationId: number | null;
  messageIndex: number | null;
  detectedAt: Date;
  status: FlagStatus;
  acknowledgedAt: Date | null;
  acknowledgedBy: string | null;
  acknowledgementNote: string | null;
}

const acknowledger = aliasedTable(users, 'acknowledger');

const flagColumns = {
  id: clinicalFlags.id,
  userId: clinicalFlags.userId,
  firstName: users.firstName,
  lastName: users.lastName,
  birthDate: users.birthDate,
  mrn: users.mrn,
  source: clinicalFlags.source,
  severity: clinicalFlags.severity,
  rule: clinicalFlags.rule,
  matchedText: clinicalFlags.matchedText,
  value: clinicalFlags.value,
  conversationId: clinicalFlags.conversationId,
  messageIndex: clinicalFlags.messageIndex,
  detectedAt: clinicalFlags.detectedAt,
  status: clinicalFlags.status,
  acknowledgedAt: clinicalFlags.acknowledgedAt,
  acknowledgedBy: sql<
    string | null
  >`nullif(trim(${acknowledger.firstName} || ' ' || ${acknowledger.lastName}), '')`,
  acknowledgementNote: clinicalFlags.acknowledgementNote,
};

function selectFlags(db: Database) {
  return db
    .select(flagColumns)
    .from(clinicalFlags)
    .innerJoin(users, eq(users.id, clinicalFlags.userId))
    .leftJoin(acknowledger, eq(acknowledger.id, clinicalFlags.acknowledgedBy));
}

/**
 * Open flags of one participant type, by the flags' own copy of it (kept by triggers, null once
 * the account is no participant's); with `responsibleId`, of that staff member's caseload, which
 * needs the participants joined.
 */
const openOfType = (type: ParticipantType, responsibleId: number | null) =>
  and(
    eq(clinicalFlags.status, 'OPEN'),
    eq(clinicalFlags.participantType, type),
    responsibleId === null ? undefined : eq(users.responsibleClinicianId, responsibleId),
  );

/** A page of open flags of one participant type: most severe, then oldest, first. */
export function listOpenFlags(
  db: Database,
  query: { type: ParticipantType; responsibleId: number | null; limit: number; offset: number },
): Promise<FlagRow[]> {
  return selectFlags(db)
    .where(openOfType(query.type, query.responsibleId))
    .orderBy(asc(clinicalFlags.severity), asc(clinicalFlags.detectedAt), asc(clinicalFlags.id))
    .limit(query.limit)
    .offset(query.offset);
}

/**
 * A tab's open flags, counted from the flags' partial index on their type: joining every
 * participant of the type took 22 ms at 100,000 participants, this 1-2 ms. Only a caseload joins.
 */
export async function countOpenFlags(
  db: Database,
  type: ParticipantType,
  responsibleId: number | null,
): Promise<number> {
  const counted = db.select({ total: count() }).from(clinicalFlags).$dynamic();
  if (responsibleId !== null) counted.innerJoin(users, eq(users.id, clinicalFlags.userId));
  const [row] = await counted.where(openOfType(type, responsibleId));
  return row?.total ?? 0;
}

/**
 * A participant's flags in order: open ones most severe and oldest first, then acknowledged,
 * latest first (of the table's columns, or of a CTE of them).
 */
function participantFlagOrder(flag: {
  status: AnyColumn;
  severity: AnyColumn;
  detectedAt: AnyColumn;
  acknowledgedAt: AnyColumn;
  id: AnyColumn;
}): SQL[] {
  return [
    asc(flag.status),
    sql`case when ${flag.status} = 'OPEN' then ${flag.severity} end`,
    sql`case when ${flag.status} = 'OPEN' then ${flag.detectedAt} end asc`,
    desc(flag.acknowledgedAt),
    desc(flag.id),
  ];
}

/** A participant's flags (participantFlagOrder). */
export function flagsOfParticipant(
  db: Database,
  userId: number,
  limit: number,
): Promise<FlagRow[]> {
  return selectFlags(db)
    .where(eq(clinicalFlags.userId, userId))
    .orderBy(...participantFlagOrder(clinicalFlags))
    .limit(limit);
}

/**
 * A participant's flags (at most MAX_PARTICIPANT_FLAGS, participantFlagOrder) in one statement
 * with the call's audit row, `{ count }` of the flags answered (core/audit/participant-read.ts).
 * Always the same statement, so it is prepared once and kept.
 */
const participantFlagsStatement = preparedOutsideTransactions((db) => {
  const participant = participantCte(db);
  const rows = db.$with('rows').as(
    db
      .select({ ...flagColumns, acknowledgedBy: flagColumns.acknowledgedBy.as('acknowledged_by') })
      .from(participant)
      .innerJoin(clinicalFlags, eq(clinicalFlags.userId, participant.id))
      .innerJoin(users, eq(users.id, clinicalFlags.userId))
      .leftJoin(acknowledger, eq(acknowledger.id, clinicalFlags.acknowledgedBy))
      .orderBy(...participantFlagOrder(clinicalFlags))
      .limit(MAX_PARTICIPANT_FLAGS),
  );
  return participantListStatement(db, { participant, rows }, rows._.selectedFields)
    .orderBy(...participantFlagOrder(rows))
    .prepare('participant_flags_audited');
});

/** A participant's flags read with the call's audit row; 404 for no such participant. */
export async function auditedFlagsOfParticipant(
  db: Database,
  userId: number,
  audit: AuditValues,
): Promise<FlagRow[]> {
  const rows = await participantFlagsStatement(db).execute({ ...audit, participantId: userId });
  return participantRecords(rows, userId);
}

export async function findFlag(db: Database, id: number): Promise<FlagRow | null> {
  const [row] = await selectFlags(db).where(eq(clinicalFlags.id, id)).limit(1);
  return row ?? null;
}

/** Locks one flag for an acknowledgement; returns its participant and status. */
export async function lockFlag(db: Database, id: number) {
  const [row] = await db
    .select({ userId: clinicalFlags.userId, status: clinicalFlags.status })
    .from(clinicalFlags)
    .where(eq(clinicalFlags.id, id))
    .for('update');
  return row ?? null;
}

/** Marks an open flag acknowledged; false when it was no longer open. */
export async function acknowledgeFlag(
  db: Database,
  id: number,
  change: { staffId: number; note: string | null; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(clinicalFlags)
    .set({
      status: 'ACKNOWLEDGED',
      acknowledgedBy: change.staffId,
      acknowledgedAt: change.at,
      acknowledgementNote: change.note,
    })
    .where(and(eq(clinicalFlags.id, id), eq(clinicalFlags.status, 'OPEN')))
    .returning({ id: clinicalFlags.id });
  return rows.length > 0;
}
