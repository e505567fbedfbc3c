import { and, asc, count, gt, type SQL } from 'drizzle-orm';
import type { Database } from '#app/db/client';
import { coachMessages } from '#app/db/schema/fhir-writes';

/** Messages between participants and the coach, by id (Communication msg-…). */
export function pageCoachMessages(
  db: Database,
  where: SQL | undefined,
  afterKey: number | null,
  limit: number,
) {
  return db
    .select({
      id: coachMessages.id,
      userId: coachMessages.userId,
      conversationId: coachMessages.conversationId,
      sender: coachMessages.sender,
      text: coachMessages.text,
      sentAt: coachMessages.sentAt,
      inResponseTo: coachMessages.inResponseTo,
      createdAt: coachMessages.createdAt,
    })
    .from(coachMessages)
    .where(and(where, afterKey === null ? undefined : gt(coachMessages.id, afterKey)))
    .orderBy(asc(coachMessages.id))
    .limit(limit);
}
export type CoachMessageRow = Awaited<ReturnType<typeof pageCoachMessages>>[number];

export async function countCoachMessages(db: Database, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(coachMessages).where(where);
  return row?.n ?? 0;
}
