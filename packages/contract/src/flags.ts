/**
 * Clinical triage flags: raised by the server from coach conversations (concerning findings) and
 * from threshold rules on telemetry; listed most severe and oldest first.
 */

/** Where a flag came from. */
export const FLAG_SOURCES = ['CONVERSATION', 'THRESHOLD'] as const;
export type FlagSource = (typeof FLAG_SOURCES)[number];

/** Most severe first: the database enum keeps this order, so ordering by it sorts by severity. */
export const FLAG_SEVERITIES = ['CRITICAL', 'HIGH', 'MODERATE'] as const;
export type FlagSeverity = (typeof FLAG_SEVERITIES)[number];

export const FLAG_STATUSES = ['OPEN', 'ACKNOWLEDGED'] as const;
export type FlagStatus = (typeof FLAG_STATUSES)[number];
