// The profile's reads of one participant, each one statement that also writes the call's audit
// row (core/audit/participant-read.ts): with the session check, two round trips (DESIGN §7).
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { MEASUREMENT_TYPES } from '@recovery-portal/contract/measurements';
import { preparedOutsideTransactions } from '#app/db/ambient-transaction';
import type { AuditValues } from '#app/core/audit/record-audit';
import {
  participantListStatement,
  participantAudit,
  participantCte,
  participantRecords,
  participantRows,
  type ParticipantCte,
} from '#app/core/audit/participant-read';
import { lastMeasurementAtOf } from '#app/core/measurements/measurements.repository';
import type { Database } from '#app/db/client';
import { participantStats } from '#app/db/schema/activity';
import { clinicalRecords } from '#app/db/schema/clinical-records';
import { conversations } from '#app/db/schema/conversations';
import { measurements } from '#app/db/schema/measurements';
import { nudges } from '#app/db/schema/nudges';
import { userGroups, users } from '#app/db/schema/users';
import { conversationColumns, profileColumns } from './profile.repository';

/**
 * The participant's coach conversations, newest first, with `{ count }` in the audit row. Always
 * the same statement, so it is prepared once and kept.
 */
const conversationsStatement = preparedOutsideTransactions((db) => {
  const participant = participantCte(db);
  const rows = db
    .$with('rows')
    .as(
      db
        .select(conversationColumns)
        .from(participant)
        .innerJoin(conversations, eq(conversations.userId, participant.id)),
    );
  return participantListStatement(db, { participant, rows }, rows._.selectedFields)
    .orderBy(desc(rows.endedAt), desc(rows.id))
    .prepare('participant_conversations_audited');
});

/** The participant's conversations (newest first) read with the call's audit row; 404 for none. */
export async function auditedConversations(db: Database, id: number, audit: AuditValues) {
  const rows = await conversationsStatement(db).execute({ ...audit, participantId: id });
  return participantRecords(rows, id);
}

/**
 * The participant's nudges, ascending target date then send time (the portal reverses them),
 * with `{ count }` in the audit row.
 */
const nudgesStatement = preparedOutsideTransactions((db) => {
  const participant = participantCte(db);
  const rows = db.$with('rows').as(
    db
      .select({
        id: nudges.id,
        title: nudges.title,
        content: nudges.content,
        targetDate: nudges.targetDate,
        sendTime: nudges.sendTime,
        sendTimeText: sql<string>`to_char(${nudges.sendTime}, 'HH24:MI')`.as('send_time_text'),
        trackingType: nudges.trackingType,
        feedbackType: nudges.feedbackType,
        openedAt: nudges.openedAt,
      })
      .from(participant)
      .innerJoin(nudges, eq(nudges.userId, participant.id)),
  );
  return participantListStatement(
    db,
    { participant, rows },
    {
      id: rows.id,
      title: rows.title,
      content: rows.content,
      targetDate: rows.targetDate,
      sendTime: rows.sendTimeText,
      trackingType: rows.trackingType,
      feedbackType: rows.feedbackType,
      openedAt: rows.openedAt,
    },
  )
    .orderBy(asc(rows.targetDate), asc(rows.sendTime), asc(rows.id))
    .prepare('participant_nudges_audited');
});

/** The participant's nudges read with the call's audit row; 404 for no such participant. */
export async function auditedNudges(db: Database, id: number, audit: AuditValues) {
  const rows = await nudgesStatement(db).execute({ ...audit, participantId: id });
  return participantRecords(rows, id);
}

/** The latest reading of one code from any source (value and time), joined laterally. */
function latestOfCode(db: Database, participant: ParticipantCte, code: string, alias: string) {
  return db
    .select({ value: measurements.value, measuredAt: measurements.measuredAt })
    .from(measurements)
    .where(and(eq(measurements.userId, participant.id), eq(measurements.code, code)))
    .orderBy(desc(measurements.measuredAt), desc(measurements.id))
    .limit(1)
    .as(alias);
}

/** Every clinical record of the participant as JSON, newest first within each category. */
function clinicalRecordsJson(participant: ParticipantCte) {
  return sql<unknown>`(select coalesce(json_agg(json_build_object('category', ${clinicalRecords.category}, 'title', ${clinicalRecords.title}, 'detail', ${clinicalRecords.detail}, 'recordedOn', ${clinicalRecords.recordedOn}) order by ${clinicalRecords.category} asc, ${clinicalRecords.recordedOn} desc nulls last, ${clinicalRecords.title} asc, ${clinicalRecords.id} asc), '[]'::json) from ${clinicalRecords} where ${clinicalRecords.userId} = ${participant.id})`;
}

/**
 * The whole profile in one row: the participant's own columns, group and counts, latest weight
 * and BMI, the reminders of the latest conversation, when data last came in and the clinical
 * records (as JSON, so the row stays one and the per-participant values are read once). With
 * `audited`, the call's audit row too; without, for the answer of an edit (audited by it).
 */
function profileStatement(db: Database, audited: boolean) {
  const participant = participantCte(db);
  const weight = latestOfCode(db, participant, MEASUREMENT_TYPES.weight.code, 'weight');
  const bmi = latestOfCode(db, participant, MEASUREMENT_TYPES.bmi.code, 'bmi');
  const reminders = db
    .select({
      nextBestAction: conversations.nextBestAction,
      nextVisitDate: conversations.nextVisitDate,
    })
    .from(conversations)
    .where(eq(conversations.userId, participant.id))
    .orderBy(desc(conversations.endedAt), desc(conversations.id))
    .limit(1)
    .as('reminders');
  return (audited ? db.with(participant, participantAudit(db, participant)) : db.with(participant))
    .select({
      ...profileColumns,
      weight: weight.value,
      weightAt: weight.measuredAt,
      bmi: bmi.value,
      bmiAt: bmi.measuredAt,
      nextBestAction: reminders.nextBestAction,
      nextVisitDate: reminders.nextVisitDate,
      lastAt: sql<Date | null>`${lastMeasurementAtOf(participant.id)}`.mapWith(
        measurements.measuredAt,
      ),
      records: clinicalRecordsJson(participant),
    })
    .from(participant)
    .innerJoin(users, eq(users.id, participant.id))
    .leftJoin(userGroups, eq(userGroups.id, users.groupId))
    .leftJoin(participantStats, eq(participantStats.userId, users.id))
    .leftJoinLateral(weight, sql`true`)
    .leftJoinLateral(bmi, sql`true`)
    .leftJoinLateral(reminders, sql`true`);
}

const auditedProfileStatement = preparedOutsideTransactions((db) =>
  profileStatement(db, true).prepare('participant_profile_audited'),
);
const profileOnlyStatement = preparedOutsideTransactions((db) =>
  profileStatement(db, false).prepare('participant_profile'),
);

/**
 * The participant's profile row, with the call's audit row when `audit` is given; 404 for an
 * unknown id or a staff member's.
 */
export async function readProfileRow(db: Database, id: number, audit: AuditValues | null) {
  const rows = audit
    ? await auditedProfileStatement(db).execute({ ...audit, participantId: id })
    : await profileOnlyStatement(db).execute({ participantId: id });
  return participantRows(rows, id)[0];
}
