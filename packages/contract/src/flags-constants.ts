/**
 * Flag severities and their labels without zod, so that the participant list's open-flags
 * indicator does not load the flag schemas (DESIGN §7). flags.ts re-exports them.
 */

/** Most severe first: the database enum keeps this order, so ordering by it sorts by severity. */
export const FLAG_SEVERITIES = ['CRITICAL', 'HIGH', 'MODERATE'] as const;
export type FlagSeverity = (typeof FLAG_SEVERITIES)[number];

export const FLAG_SEVERITY_LABELS: Record<FlagSeverity, string> = {
  CRITICAL: 'Critical',
  HIGH: 'High',
  MODERATE: 'Moderate',
};
