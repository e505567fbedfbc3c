import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { APP_CHAT_SUMMARY, COACH_THREAD_GAP_MS } from '@recovery-portal/contract/fhir-writes';
import { COACH_USER_ID, type TranscriptMessage } from '@recovery-portal/contract/conversations';
import type { Database } from '#app/db/client';
import { conversations } from '#app/db/schema/conversations';
import { coachMessages, type COACH_MESSAGE_SENDERS } from '#app/db/schema/fhir-writes';

/** Namespace of the per-participant lock that threads messages into conversations. */
const THREAD_LOCK_NAMESPACE = 4_211_981;

export type CoachMessageSender = (typeof COACH_MESSAGE_SENDERS)[number];

export interface NewCoachMessage {
  userId: number;
  sender: CoachMessageSender;
  text: string;
  sentAt: Date;
  /** The message (coach_messages id) this one answers, or null. */
  inResponseTo: number | null;
  /** The app or system client that sent it. */
  clientId: string | null;
}

export interface RecordedCoachMessage {
  id: number;
  conversationId: number;
  /** True when the message began a conversation (a coach chat in the 7-day counts). */
  startedConversation: boolean;
}

/** The conversation of one of the participant's messages, or null when it has none. */
export async function conversationOfMessage(
  db: Database,
  userId: number,
  messageId: number,
): Promise<number | null> {
  const [row] = await db
    .select({ conversationId: coachMessages.conversationId })
    .from(coachMessages)
    .where(and(eq(coachMessages.id, messageId), eq(coachMessages.userId, userId)))
    .limit(1);
  return row?.conversationId ?? null;
}

/** The conversation of the participant's message sent nearest to `at` within the thread gap. */
async function nearbyConversation(db: Database, userId: number, at: Date): Promise<number | null> {
  const [row] = await db
    .select({ conversationId: coachMessages.conversationId })
    .from(coachMessages)
    .where(
      and(
        eq(coachMessages.userId, userId),
        gte(coachMessages.sentAt, new Date(at.getTime() - COACH_THREAD_GAP_MS)),
        lte(coachMessages.sentAt, new Date(at.getTime() + COACH_THREAD_GAP_MS)),
      ),
    )
    .orderBy(
      sql`abs(extract(epoch from ${coachMessages.sentAt} - ${at.toISOString()}::timestamptz))`,
      desc(coachMessages.id),
    )
    .limit(1);
  return row?.conversationId ?? null;
}

/**
 * Stores a message between a participant and the coach, the one write path of the app, the
 * coach's system and the simulation. It joins the conversation of the message it answers, else
 * of the participant's message sent within COACH_THREAD_GAP_MS of it, else starts one; the text
 * becomes a line of that conversation's transcript, where the coach screens show it and the
 * concern screening reads it.
 */
export async function recordCoachMessage(
  db: Database,
  message: NewCoachMessage,
): Promise<RecordedCoachMessage> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${THREAD_LOCK_NAMESPACE}::int, ${message.userId}::int)`,
    );
    const answered =
      message.inResponseTo === null
        ? null
        : await conversationOfMessage(tx, message.userId, message.inResponseTo);
    let conversationId = answered ?? (await nearbyConversation(tx, message.userId, message.sentAt));
    const startedConversation = conversationId === null;
    const sent = message.sentAt.toISOString();
    const line: TranscriptMessage = {
      userId: message.sender === 'COACH' ? COACH_USER_ID : String(message.userId),
      message: message.text,
      sent_at: sent,
    };
    if (conversationId === null) {
      const [created] = await tx
        .insert(conversations)
        .values({
          userId: message.userId,
          startedAt: message.sentAt,
          endedAt: message.sentAt,
          summary: APP_CHAT_SUMMARY,
          transcript: [line],
        })
        .returning({ id: conversations.id });
      if (!created) throw new Error('insert returned no conversation');
      conversationId = created.id;
    } else {
      await tx
        .update(conversations)
        .set({
          transcript: sql`${conversations.transcript} || ${JSON.stringify([line])}::jsonb`,
          startedAt: sql`least(${conversations.startedAt}, ${sent}::timestamptz)`,
          endedAt: sql`greatest(${conversations.endedAt}, ${sent}::timestamptz)`,
        })
        .where(eq(conversations.id, conversationId));
    }
    const [row] = await tx
      .insert(coachMessages)
      .values({ ...message, conversationId })
      .returning({ id: coachMessages.id });
    if (!row) throw new Error('insert returned no message');
    return { id: row.id, conversationId, startedConversation };
  });
}
