import { and, eq } from 'drizzle-orm';
import type { Database } from '#app/db/client';
import { participantThresholds } from '#app/db/schema/triage';

export async function upsertThresholdOverride(
  db: Database,
  override: { userId: number; rule: string; value: number; days: number | null; enabled: boolean },
  staffId: number,
) {
  const values = { ...override, updatedBy: staffId, updatedAt: new Date() };
  await db
    .insert(participantThresholds)
    .values(values)
    .onConflictDoUpdate({
      target: [participantThresholds.userId, participantThresholds.rule],
      set: {
        value: values.value,
        days: values.days,
        enabled: values.enabled,
        updatedBy: staffId,
        updatedAt: values.updatedAt,
      },
    });
}

export async function deleteThresholdOverride(db: Database, userId: number, rule: string) {
  await db
    .delete(participantThresholds)
    .where(and(eq(participantThresholds.userId, userId), eq(participantThresholds.rule, rule)));
}
