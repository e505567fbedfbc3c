// The profile's reads of one participant, each one statement that also writes the call's audit
// row (core/audit/participant-read.ts): with the session check, two round trips (DESIGN §7).
import { asc, desc, eq, sql } from 'drizzle-orm';
import { preparedOutsideTransactions } from '#app/db/ambient-transaction';
import type { AuditValues } from '#app/core/audit/record-audit';
import {
  countDetails,
  participantAudit,
  participantCte,
  participantRows,
} from '#app/core/audit/participant-read';
import type { Database } from '#app/db/client';
import { conversations } from '#app/db/schema/conversations';
import { nudges } from '#app/db/schema/nudges';

/**
 * The participant's coach conversations, newest first, with `{ count }` in the audit row. Always
 * the same statement, so it is prepared once and kept.
 */
const conversationsStatement = preparedOutsideTransactions((db) => {
  const participant = participantCte(db);
  const rows = db.$with('rows').as(
    db
      .select({
        id: conversations.id,
        startedAt: conversations.startedAt,
        endedAt: conversations.endedAt,
        summary: conversations.summary,
        patientSummary: conversations.patientSummary,
        markers: conversations.markers,
        transcript: conversations.transcript,
        nextBestAction: conversations.nextBestAction,
        nextVisitDate: conversations.nextVisitDate,
      })
      .from(participant)
      .innerJoin(conversations, eq(conversations.userId, participant.id)),
  );
  return db
    .with(participant, rows, participantAudit(db, participant, countDetails(rows)))
    .select({ participantId: participant.id, row: rows._.selectedFields })
    .from(participant)
    .leftJoin(rows, sql`true`)
    .orderBy(desc(rows.endedAt), desc(rows.id))
    .prepare('participant_conversations_audited');
});

/** The participant's conversations (newest first) read with the call's audit row; 404 for none. */
export async function auditedConversations(db: Database, id: number, audit: AuditValues) {
  const rows = await conversationsStatement(db).execute({ ...audit, participantId: id });
  return participantRows(rows, id).flatMap(({ row }) => (row ? [row] : []));
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
  return db
    .with(participant, rows, participantAudit(db, participant, countDetails(rows)))
    .select({
      participantId: participant.id,
      row: {
        id: rows.id,
        title: rows.title,
        content: rows.content,
        targetDate: rows.targetDate,
        sendTime: rows.sendTimeText,
        trackingType: rows.trackingType,
        feedbackType: rows.feedbackType,
        openedAt: rows.openedAt,
      },
    })
    .from(participant)
    .leftJoin(rows, sql`true`)
    .orderBy(asc(rows.targetDate), asc(rows.sendTime), asc(rows.id))
    .prepare('participant_nudges_audited');
});

/** The participant's nudges read with the call's audit row; 404 for no such participant. */
export async function auditedNudges(db: Database, id: number, audit: AuditValues) {
  const rows = await nudgesStatement(db).execute({ ...audit, participantId: id });
  return participantRows(rows, id).flatMap(({ row }) => (row ? [row] : []));
}
