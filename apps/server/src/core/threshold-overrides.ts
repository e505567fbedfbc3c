import { aliasedTable, eq, sql } from 'drizzle-orm';
import {
  THRESHOLD_RULES,
  type ThresholdRule,
  type ThresholdSetting,
} from '@recovery-portal/contract/thresholds';
import type { Database } from '#app/db/client';
import { intArray } from '#app/db/int-array';
import { participantThresholds } from '#app/db/schema/triage';
import { users } from '#app/db/schema/users';

/**
 * Participants' threshold overrides: the thresholds feature edits them, the triage scanner
 * (flags) applies them, so the read and the defaults-plus-overrides rule live here.
 */

export type EffectiveThresholds = Record<ThresholdRule, ThresholdSetting>;

export interface ThresholdOverrideRow {
  userId: number;
  rule: string;
  value: number;
  days: number | null;
  enabled: boolean;
  updatedAt: Date;
  updatedBy: string | null;
}

/** Who last changed an override: join it on `updatedBy` to read `updaterName`. */
export const overrideUpdater = aliasedTable(users, 'updater');

/** An override's own columns, as thresholdOverrides and a participant's thresholds read them. */
export const thresholdOverrideColumns = {
  userId: participantThresholds.userId,
  rule: participantThresholds.rule,
  value: participantThresholds.value,
  days: participantThresholds.days,
  enabled: participantThresholds.enabled,
  updatedAt: participantThresholds.updatedAt,
};

/** The name of who last changed an override (null for no one). */
export const updaterName = sql<
  string | null
>`nullif(trim(${overrideUpdater.firstName} || ' ' || ${overrideUpdater.lastName}), '')`;

/** The participants' threshold overrides, with who last changed each. */
export function thresholdOverrides(
  db: Database,
  userIds: readonly number[],
): Promise<ThresholdOverrideRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({ ...thresholdOverrideColumns, updatedBy: updaterName })
    .from(participantThresholds)
    .leftJoin(overrideUpdater, eq(overrideUpdater.id, participantThresholds.updatedBy))
    .where(sql`${participantThresholds.userId} = any(${intArray(userIds)}::int[])`);
}

/** Programme defaults with the participant's overrides laid over them (unknown rules ignored). */
export function effectiveThresholds(
  defaults: Record<ThresholdRule, ThresholdSetting>,
  overrides: readonly Pick<ThresholdOverrideRow, 'rule' | 'value' | 'days' | 'enabled'>[],
): EffectiveThresholds {
  const effective = { ...defaults };
  for (const override of overrides) {
    const rule = THRESHOLD_RULES.find((candidate) => candidate === override.rule);
    if (rule) {
      effective[rule] = { value: override.value, days: override.days, enabled: override.enabled };
    }
  }
  return effective;
}
