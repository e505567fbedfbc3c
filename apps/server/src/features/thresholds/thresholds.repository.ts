import { and, eq, sql } from 'drizzle-orm';
import type { SurgeryProcedure } from '@recovery-portal/contract/surgery';
import {
  overrideUpdater,
  thresholdOverrideColumns,
  updaterName,
  type ThresholdOverrideRow,
} from '#app/core/threshold-overrides';
import { preparedOutsideTransactions } from '#app/db/ambient-transaction';
import type { Database } from '#app/db/client';
import { surgeries } from '#app/db/schema/surgery';
import { participantThresholds } from '#app/db/schema/triage';
import type { AuditValues } from '#app/core/audit/record-audit';
import {
  participantAudit,
  participantCte,
  participantRows,
} from '#app/core/audit/participant-read';

/**
 * What the thresholds of one participant are read from, in one statement with the call's audit
 * row (core/audit/participant-read.ts): the procedure of their latest surgery (latestSurgeriesOf's
 * order) and their overrides with who last changed each (thresholdOverrides' columns). Always
 * the same statement, so prepared once and kept.
 */
const thresholdsStatement = preparedOutsideTransactions((db) => {
  const participant = participantCte(db);
  const rows = db.$with('rows').as(
    db
      .select({ ...thresholdOverrideColumns, updatedBy: updaterName.as('updated_by') })
      .from(participant)
      .innerJoin(participantThresholds, eq(participantThresholds.userId, participant.id))
      .leftJoin(overrideUpdater, eq(overrideUpdater.id, participantThresholds.updatedBy)),
  );
  return db
    .with(participant, rows, participantAudit(db, participant))
    .select({
      procedure: sql<SurgeryProcedure | null>`(select ${surgeries.procedure} from ${surgeries} where ${surgeries.userId} = ${participant.id} order by ${surgeries.surgeryDate} desc, ${surgeries.id} desc limit 1)`,
      row: rows._.selectedFields,
    })
    .from(participant)
    .leftJoin(rows, sql`true`)
    .prepare('participant_thresholds_audited');
});

/** The participant's latest procedure and overrides, with the call's audit row; 404 for none. */
export async function auditedThresholdSources(
  db: Database,
  id: number,
  audit: AuditValues,
): Promise<{ procedure: SurgeryProcedure | null; overrides: ThresholdOverrideRow[] }> {
  const rows = participantRows(
    await thresholdsStatement(db).execute({ ...audit, participantId: id }),
    id,
  );
  return {
    procedure: rows[0].procedure,
    overrides: rows.flatMap(({ row }) => (row ? [row] : [])),
  };
}

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
