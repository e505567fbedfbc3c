import * as z from 'zod/mini';
import type { FlagSeverity } from './flags';
import { participantIdField } from './participants';
import { SURGERY_PROCEDURES, type SurgeryProcedure } from './surgery';

/**
 * Threshold alerts (ADR 0010): rules over a participant's telemetry that raise a THRESHOLD flag
 * when crossed. Each programme has defaults; a clinician may override them per participant.
 */

export const THRESHOLD_RULES = [
  'SYSTOLIC_BP_HIGH',
  'PAIN_HIGH_RUN',
  'STEPS_DROP',
  'WEIGHT_CHANGE',
] as const;
export type ThresholdRule = (typeof THRESHOLD_RULES)[number];

/**
 * A programme is what the participant is recovering from: the procedure of their latest surgery
 * (by surgery date) decides it, and a participant without a surgery record follows GENERAL.
 */
export const THRESHOLD_PROGRAMMES = ['GENERAL', 'KNEE', 'HIP', 'CARDIAC'] as const;
export type ThresholdProgramme = (typeof THRESHOLD_PROGRAMMES)[number];

export const THRESHOLD_PROGRAMME_LABELS: Record<ThresholdProgramme, string> = {
  GENERAL: 'General recovery',
  KNEE: 'Knee recovery',
  HIP: 'Hip recovery',
  CARDIAC: 'Cardiac rehabilitation',
};

export const PROGRAMME_OF_PROCEDURE: Record<SurgeryProcedure, ThresholdProgramme> = {
  TOTAL_KNEE_REPLACEMENT: 'KNEE',
  PARTIAL_KNEE_REPLACEMENT: 'KNEE',
  ACL_RECONSTRUCTION: 'KNEE',
  MENISCUS_REPAIR: 'KNEE',
  TOTAL_HIP_REPLACEMENT: 'HIP',
  HIP_RESURFACING: 'HIP',
  CORONARY_ARTERY_BYPASS_GRAFT: 'CARDIAC',
  ROTATOR_CUFF_REPAIR: 'GENERAL',
  TOTAL_SHOULDER_REPLACEMENT: 'GENERAL',
  SPINAL_FUSION: 'GENERAL',
  OTHER: 'GENERAL',
};

/** The programme a participant with this latest procedure (or none) follows. */
export function programmeOf(procedure: SurgeryProcedure | null): ThresholdProgramme {
  return procedure && SURGERY_PROCEDURES.includes(procedure)
    ? PROGRAMME_OF_PROCEDURE[procedure]
    : 'GENERAL';
}

/** A rule's setting: its limit, the run of days (pain only; null otherwise) and whether it alerts. */
export interface ThresholdSetting {
  value: number;
  days: number | null;
  enabled: boolean;
}

/** What a rule means, how its limit is entered and the flag it raises. */
export interface ThresholdRuleDefinition {
  label: string;
  /** The limit's unit as shown ('mmHg', '%', 'kg', '' for a score). */
  unit: string;
  valueLabel: string;
  min: number;
  max: number;
  /** Decimal places the limit may have (0: whole numbers). */
  decimals: number;
  /** Bounds of the run of days, for rules over consecutive days; null otherwise. */
  days: { min: number; max: number; label: string } | null;
  severity: FlagSeverity;
  /** The rule as a sentence, e.g. 'Systolic BP above 160 mmHg'. */
  describe: (setting: Pick<ThresholdSetting, 'value' | 'days'>) => string;
  valueMessage: string;
}

/** Days compared week on week by STEPS_DROP: the 7 days to a day against the 7 before. */
export const STEPS_WEEK_DAYS = 7;
/** A week counts only with at least this many days of step data, so one missed sync is no drop. */
export const STEPS_MIN_DAYS_PER_WEEK = 4;
/** After surgery, steps are expected to fall: STEPS_DROP is not evaluated for these days. */
export const STEPS_POST_OP_GRACE_DAYS = 14;
/** WEIGHT_CHANGE compares each weighing with those of the preceding days. */
export const WEIGHT_WINDOW_DAYS = 7;

const formatKg = (value: number) => String(Math.round(value * 10) / 10);

export const THRESHOLD_RULE_DEFINITIONS: Record<ThresholdRule, ThresholdRuleDefinition> = {
  SYSTOLIC_BP_HIGH: {
    label: 'Systolic BP',
    unit: 'mmHg',
    valueLabel: 'Alert above (mmHg)',
    min: 100,
    max: 250,
    decimals: 0,
    days: null,
    severity: 'HIGH',
    describe: ({ value }) => `Systolic BP above ${value} mmHg`,
    valueMessage: 'The systolic BP limit must be a whole number from 100 to 250 mmHg.',
  },
  PAIN_HIGH_RUN: {
    label: 'Pain score',
    unit: '',
    valueLabel: 'Alert at or above (0–10)',
    min: 1,
    max: 10,
    decimals: 0,
    days: { min: 1, max: 14, label: 'For consecutive days' },
    severity: 'HIGH',
    describe: ({ value, days }) =>
      `Pain score at or above ${value} for ${days ?? 1} consecutive ${days === 1 ? 'day' : 'days'}`,
    valueMessage: 'The pain score limit must be a whole number from 1 to 10.',
  },
  STEPS_DROP: {
    label: 'Daily steps',
    unit: '%',
    valueLabel: 'Alert when falling by more than (%)',
    min: 10,
    max: 95,
    decimals: 0,
    days: null,
    severity: 'MODERATE',
    describe: ({ value }) => `Daily steps falling by more than ${value}% week on week`,
    valueMessage: 'The steps drop must be a whole number of percent from 10 to 95.',
  },
  WEIGHT_CHANGE: {
    label: 'Weight',
    unit: 'kg',
    valueLabel: 'Alert on a change above (kg)',
    min: 0.5,
    max: 20,
    decimals: 1,
    days: null,
    severity: 'MODERATE',
    describe: ({ value }) =>
      `Weight change above ${formatKg(value)} kg within ${WEIGHT_WINDOW_DAYS} days`,
    valueMessage: 'The weight change limit must be from 0.5 to 20 kg, with at most one decimal.',
  },
};

export const THRESHOLD_DAYS_MESSAGE = 'The run of days must be a whole number from 1 to 14.';

const GENERAL_DEFAULTS: Record<ThresholdRule, ThresholdSetting> = {
  SYSTOLIC_BP_HIGH: { value: 160, days: null, enabled: true },
  PAIN_HIGH_RUN: { value: 8, days: 3, enabled: true },
  STEPS_DROP: { value: 50, days: null, enabled: true },
  WEIGHT_CHANGE: { value: 2, days: null, enabled: true },
};

/**
 * Defaults per programme. Joint replacements use the general limits; after cardiac surgery a
 * lower blood pressure and a smaller weight gain (fluid retention) already need a look.
 */
export const PROGRAMME_THRESHOLD_DEFAULTS: Record<
  ThresholdProgramme,
  Record<ThresholdRule, ThresholdSetting>
> = {
  GENERAL: GENERAL_DEFAULTS,
  KNEE: GENERAL_DEFAULTS,
  HIP: GENERAL_DEFAULTS,
  CARDIAC: {
    ...GENERAL_DEFAULTS,
    SYSTOLIC_BP_HIGH: { value: 150, days: null, enabled: true },
    WEIGHT_CHANGE: { value: 1.5, days: null, enabled: true },
  },
};

/** Whether the value has at most `decimals` decimal places (tolerating binary fractions). */
function hasDecimals(value: number, decimals: number): boolean {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-9;
}

/** The limit of one rule, validated against its bounds. */
export function thresholdValueSchema(rule: ThresholdRule) {
  const definition = THRESHOLD_RULE_DEFINITIONS[rule];
  const message = definition.valueMessage;
  return z.number({ error: message }).check(
    z.gte(definition.min, message),
    z.lte(definition.max, message),
    z.refine((value) => hasDecimals(value, definition.decimals), { error: message }),
  );
}

export const thresholdDaysSchema = z
  .number({ error: THRESHOLD_DAYS_MESSAGE })
  .check(
    z.int(THRESHOLD_DAYS_MESSAGE),
    z.gte(1, THRESHOLD_DAYS_MESSAGE),
    z.lte(14, THRESHOLD_DAYS_MESSAGE),
  );

export const THRESHOLD_MESSAGES = {
  enabledInvalid: 'enabled must be true or false.',
  daysNotAllowed: (rule: ThresholdRule) =>
    `${THRESHOLD_RULE_DEFINITIONS[rule].label} has no run of days; leave days out.`,
  daysRequired: (rule: ThresholdRule) =>
    `${THRESHOLD_RULE_DEFINITIONS[rule].label} needs the run of days.`,
  rulesInvalid: `rules must list 1 to ${THRESHOLD_RULES.length} rule changes.`,
  rulesRepeated: 'Each rule may appear only once.',
  saved: 'Thresholds saved.',
} as const;

function ruleChangeSchema<R extends ThresholdRule>(rule: R) {
  const hasDays = THRESHOLD_RULE_DEFINITIONS[rule].days !== null;
  return z.object({
    rule: z.literal(rule),
    /** The participant's own setting, or null to follow the programme default again. */
    override: z.nullable(
      z.object({
        value: thresholdValueSchema(rule),
        days: hasDays
          ? thresholdDaysSchema
          : z.optional(z.null({ error: THRESHOLD_MESSAGES.daysNotAllowed(rule) })),
        enabled: z.boolean({ error: THRESHOLD_MESSAGES.enabledInvalid }),
      }),
    ),
  });
}

export const thresholdRuleChangeSchema = z.discriminatedUnion(
  'rule',
  [
    ruleChangeSchema('SYSTOLIC_BP_HIGH'),
    ruleChangeSchema('PAIN_HIGH_RUN'),
    ruleChangeSchema('STEPS_DROP'),
    ruleChangeSchema('WEIGHT_CHANGE'),
  ],
  { error: `rule must be one of ${THRESHOLD_RULES.join(', ')}.` },
);
export type ThresholdRuleChange = z.input<typeof thresholdRuleChangeSchema>;

/** GET /api/thresholds?user_id= */
export const participantThresholdsQuerySchema = z.object({ user_id: participantIdField() });

/** PUT /api/thresholds — only the rules listed change; override null resets to the default. */
export const updateThresholdsRequestSchema = z.object({
  user_id: participantIdField(),
  rules: z.array(thresholdRuleChangeSchema, { error: THRESHOLD_MESSAGES.rulesInvalid }).check(
    z.minLength(1, THRESHOLD_MESSAGES.rulesInvalid),
    z.maxLength(THRESHOLD_RULES.length, THRESHOLD_MESSAGES.rulesInvalid),
    z.refine((rules) => new Set(rules.map((change) => change.rule)).size === rules.length, {
      error: THRESHOLD_MESSAGES.rulesRepeated,
    }),
  ),
});
export type UpdateThresholdsRequest = z.input<typeof updateThresholdsRequestSchema>;

const settingSchema = z.object({
  value: z.number(),
  days: z.nullable(z.int()),
  enabled: z.boolean(),
});

/** One rule as it applies to the participant: effective setting, the default, and who changed it. */
export const participantThresholdSchema = z.extend(settingSchema, {
  rule: z.enum(THRESHOLD_RULES),
  label: z.string(),
  /** The effective rule as a sentence. */
  description: z.string(),
  default: settingSchema,
  overridden: z.boolean(),
  updated_at: z.nullable(z.iso.datetime({ offset: true })),
  updated_by: z.nullable(z.string()),
});
export type ParticipantThreshold = z.infer<typeof participantThresholdSchema>;

export const participantThresholdsSchema = z.object({
  user_id: z.int(),
  programme: z.enum(THRESHOLD_PROGRAMMES),
  programme_label: z.string(),
  rules: z.array(participantThresholdSchema),
});
export type ParticipantThresholds = z.infer<typeof participantThresholdsSchema>;
