import { and, eq, gt, lte } from 'drizzle-orm';
import type { Database } from '#app/db/client';
import { participantActivity } from '#app/db/schema/activity';
import { refreshParticipantStats } from './participant-stats';

/** Writes from the app this close together are one app session (one 'last seen'). */
export const APP_SESSION_GAP_MS = 30 * 60_000;

/**
 * Counts what the participant's app sent as app activity: an APP_SESSION at `at` unless one was
 * recorded within the session gap before, and a COACH_CHAT per conversation the app started.
 * Then recomputes the participant's last seen and 7-day counts, so the participants list shows
 * them on its next load.
 */
export async function recordAppActivity(
  db: Database,
  userId: number,
  at: Date,
  options: { startedChats?: number } = {},
): Promise<void> {
  const [recent] = await db
    .select({ id: participantActivity.id })
    .from(participantActivity)
    .where(
      and(
        eq(participantActivity.userId, userId),
        eq(participantActivity.kind, 'APP_SESSION'),
        gt(participantActivity.occurredAt, new Date(at.getTime() - APP_SESSION_GAP_MS)),
        lte(participantActivity.occurredAt, at),
      ),
    )
    .limit(1);
  const rows = [
    ...(recent ? [] : [{ userId, kind: 'APP_SESSION' as const, occurredAt: at }]),
    ...Array.from({ length: options.startedChats ?? 0 }, () => ({
      userId,
      kind: 'COACH_CHAT' as const,
      occurredAt: at,
    })),
  ];
  if (rows.length > 0) await db.insert(participantActivity).values(rows);
  await refreshParticipantStats(db, { userIds: [userId] });
}
