import {
  PROGRAMME_THRESHOLD_DEFAULTS,
  programmeOf,
  THRESHOLD_PROGRAMME_LABELS,
  THRESHOLD_RULE_DEFINITIONS,
  THRESHOLD_RULES,
  type ParticipantThresholds,
  type ThresholdRuleChange,
} from '@recovery-portal/contract/thresholds';
import type { SurgeryProcedure } from '@recovery-portal/contract/surgery';
import type { Database } from '#app/db/client';
import { latestSurgeriesOf } from '#app/core/surgeries';
import { requireParticipant } from '#app/core/participant-lookup';
import {
  effectiveThresholds,
  thresholdOverrides,
  type ThresholdOverrideRow,
} from '#app/core/threshold-overrides';
import type { AuditValues } from '#app/core/audit/record-audit';
import {
  auditedThresholdSources,
  deleteThresholdOverride,
  upsertThresholdOverride,
} from './thresholds.repository';

export function createThresholdService(db: Database) {
  /** The answer from the latest procedure (null: none) and the overrides. */
  function thresholdsOf(
    userId: number,
    procedure: SurgeryProcedure | null,
    overrides: readonly ThresholdOverrideRow[],
  ): ParticipantThresholds {
    const programme = programmeOf(procedure);
    const defaults = PROGRAMME_THRESHOLD_DEFAULTS[programme];
    const effective = effectiveThresholds(defaults, overrides);
    return {
      user_id: userId,
      programme,
      programme_label: THRESHOLD_PROGRAMME_LABELS[programme],
      rules: THRESHOLD_RULES.map((rule) => {
        const override = overrides.find((row) => row.rule === rule);
        const setting = effective[rule];
        return {
          rule,
          label: THRESHOLD_RULE_DEFINITIONS[rule].label,
          description: THRESHOLD_RULE_DEFINITIONS[rule].describe(setting),
          ...setting,
          default: defaults[rule],
          overridden: override !== undefined,
          updated_at: override?.updatedAt.toISOString() ?? null,
          updated_by: override?.updatedBy ?? null,
        };
      }),
    };
  }

  async function read(userId: number): Promise<ParticipantThresholds> {
    const [surgeries, overrides] = await Promise.all([
      latestSurgeriesOf(db, [userId]),
      thresholdOverrides(db, [userId]),
    ]);
    return thresholdsOf(userId, surgeries.get(userId)?.procedure ?? null, overrides);
  }

  return {
    /**
     * The participant's effective thresholds, read with the call's audit row in one statement;
     * NOT_FOUND for an unknown participant.
     */
    async get(userId: number, audit: AuditValues): Promise<ParticipantThresholds> {
      const { procedure, overrides } = await auditedThresholdSources(db, userId, audit);
      return thresholdsOf(userId, procedure, overrides);
    },

    /** Sets or clears (override null: back to the programme default) the listed rules. */
    async update(
      userId: number,
      changes: readonly ThresholdRuleChange[],
      staffId: number,
    ): Promise<ParticipantThresholds> {
      await db.transaction(async (tx) => {
        await requireParticipant(tx, userId);
        for (const change of changes) {
          if (change.override === null) {
            await deleteThresholdOverride(tx, userId, change.rule);
          } else {
            await upsertThresholdOverride(
              tx,
              {
                userId,
                rule: change.rule,
                value: change.override.value,
                days: change.override.days ?? null,
                enabled: change.override.enabled,
              },
              staffId,
            );
          }
        }
      });
      return read(userId);
    },
  };
}
