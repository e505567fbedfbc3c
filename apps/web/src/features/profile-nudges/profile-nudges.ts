import type { NudgeStatus } from '@recovery-portal/contract/nudges';
import type { ProfileNudge } from '@recovery-portal/contract/profile';

/** Spec §9: the profile's nudge paginator shows 50 rows when no page sizes are offered. */
export const PROFILE_NUDGE_PAGE_SIZE = 50;

/** A profile nudge whose `id` is its position in the reversed list; the server's id is kept. */
export type ProfileNudgeRow = Omit<ProfileNudge, 'id'> & { id: number; nudge_id: number };

/**
 * Spec §3/§4: the profile shows the nudges in reverse of server order (newest first) and numbers
 * them itself, the id being the index after the reversal. A missing list is an empty one.
 */
export function toProfileNudgeRows(
  nudges: readonly ProfileNudge[] | null | undefined,
): ProfileNudgeRow[] {
  return [...(nudges ?? [])]
    .reverse()
    .map(({ id, ...nudge }, index) => ({ ...nudge, id: index, nudge_id: id }));
}

/** Spec §4: the dialog's index moves by `step` and stays within 0 … length - 1. */
export function stepNudgeIndex(index: number, step: number, length: number): number {
  if (length <= 0) return 0;
  return Math.min(Math.max(index + step, 0), length - 1);
}

export const PROFILE_NUDGE_STATUS_LABELS: Record<NudgeStatus, string> = {
  ACTIVE: 'Active',
  INACTIVE: 'Inactive',
  PENDING: 'Pending',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
};
