import { and, asc, count, gt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '#app/db/client';
import { conversations } from '#app/db/schema/conversations';
import { nudges } from '#app/db/schema/nudges';
import { surgeries } from '#app/db/schema/surgery';
import { surveys } from '#app/db/schema/surveys';
import { clinicalFlags } from '#app/db/schema/triage';

function after(key: PgColumn, afterKey: number | null): SQL | undefined {
  return afterKey === null ? undefined : gt(key, afterKey);
}

async function countWhere(db: Database, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

/** Surgeries by id (Procedure). */
export function pageSurgeries(
  db: Database,
  where: SQL | undefined,
  afterKey: number | null,
  limit: number,
) {
  return db
    .select({
      id: surgeries.id,
      userId: surgeries.userId,
      procedure: surgeries.procedure,
      side: surgeries.side,
      surgeryDate: surgeries.surgeryDate,
      surgeon: surgeries.surgeon,
      hospital: surgeries.hospital,
      notes: surgeries.notes,
      updatedAt: surgeries.updatedAt,
    })
    .from(surgeries)
    .where(and(where, after(surgeries.id, afterKey)))
    .orderBy(asc(surgeries.id))
    .limit(limit);
}
export type SurgeryRow = Awaited<ReturnType<typeof pageSurgeries>>[number];
export const countSurgeries = (db: Database, where: SQL | undefined) =>
  countWhere(db, surgeries, where);

/** When a flag last changed: its acknowledgement, else when it was raised. */
export const flagLastUpdated = sql<Date>`coalesce(${clinicalFlags.acknowledgedAt}, ${clinicalFlags.createdAt})`;

/** Triage flags by id (Flag). */
export function pageFlags(
  db: Database,
  where: SQL | undefined,
  afterKey: number | null,
  limit: number,
) {
  return db
    .select({
      id: clinicalFlags.id,
      userId: clinicalFlags.userId,
      source: clinicalFlags.source,
      severity: clinicalFlags.severity,
      rule: clinicalFlags.rule,
      detectedAt: clinicalFlags.detectedAt,
      status: clinicalFlags.status,
      acknowledgedBy: clinicalFlags.acknowledgedBy,
      acknowledgedAt: clinicalFlags.acknowledgedAt,
      acknowledgementNote: clinicalFlags.acknowledgementNote,
      createdAt: clinicalFlags.createdAt,
    })
    .from(clinicalFlags)
    .where(and(where, after(clinicalFlags.id, afterKey)))
    .orderBy(asc(clinicalFlags.id))
    .limit(limit);
}
export type FlagRow = Awaited<ReturnType<typeof pageFlags>>[number];
export const countFlags = (db: Database, where: SQL | undefined) =>
  countWhere(db, clinicalFlags, where);

/** Nudges by id (Communication). */
export function pageNudges(
  db: Database,
  where: SQL | undefined,
  afterKey: number | null,
  limit: number,
) {
  return db
    .select({
      id: nudges.id,
      userId: nudges.userId,
      title: nudges.title,
      content: nudges.content,
      targetDate: nudges.targetDate,
      sendTime: nudges.sendTime,
      trackingType: nudges.trackingType,
      openedAt: nudges.openedAt,
      createdAt: nudges.createdAt,
    })
    .from(nudges)
    .where(and(where, after(nudges.id, afterKey)))
    .orderBy(asc(nudges.id))
    .limit(limit);
}
export type NudgeRow = Awaited<ReturnType<typeof pageNudges>>[number];
export const countNudges = (db: Database, where: SQL | undefined) => countWhere(db, nudges, where);

/** Coach conversations by id (Communication). */
export function pageConversations(
  db: Database,
  where: SQL | undefined,
  afterKey: number | null,
  limit: number,
) {
  return db
    .select({
      id: conversations.id,
      userId: conversations.userId,
      startedAt: conversations.startedAt,
      endedAt: conversations.endedAt,
      summary: conversations.summary,
      transcript: conversations.transcript,
      createdAt: conversations.createdAt,
    })
    .from(conversations)
    .where(and(where, after(conversations.id, afterKey)))
    .orderBy(asc(conversations.id))
    .limit(limit);
}
export type ConversationRow = Awaited<ReturnType<typeof pageConversations>>[number];
export const countConversations = (db: Database, where: SQL | undefined) =>
  countWhere(db, conversations, where);

/** Questionnaires by id. */
export function pageSurveys(
  db: Database,
  where: SQL | undefined,
  afterKey: number | null,
  limit: number,
) {
  return db
    .select({
      id: surveys.id,
      title: surveys.title,
      description: surveys.description,
      questions: surveys.questions,
    })
    .from(surveys)
    .where(and(where, after(surveys.id, afterKey)))
    .orderBy(asc(surveys.id))
    .limit(limit);
}
export type QuestionnaireRow = Awaited<ReturnType<typeof pageSurveys>>[number];
export const countSurveys = (db: Database, where: SQL | undefined) =>
  countWhere(db, surveys, where);
