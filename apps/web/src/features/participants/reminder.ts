import dayjs from 'dayjs';
import type { ParticipantListRow } from '@recovery-portal/contract/participants';

/**
 * Spec §2: whole days between the last reminder and the next allowed one, never below 0. Null
 * when there is no next date. Without a recorded last reminder the count runs from `now`.
 */
export function remindAgainInDays(
  lastRemindedAt: string | null,
  nextRemindDate: string | null,
  now: Date = new Date(),
): number | null {
  if (!nextRemindDate) return null;
  const next = dayjs(nextRemindDate);
  const from = lastRemindedAt ? dayjs(lastRemindedAt) : dayjs(now);
  if (!next.isValid() || !from.isValid()) return null;
  return Math.max(next.diff(from, 'day'), 0);
}

/** The Invited view's action: a Send Reminder button, the wait until the next one, or nothing. */
export type ReminderAction = { kind: 'send' } | { kind: 'wait'; text: string } | { kind: 'none' };

export function reminderActionOf(
  row: Pick<ParticipantListRow, 'status' | 'can_remind' | 'last_reminded_at' | 'next_remind_date'>,
  now: Date = new Date(),
): ReminderAction {
  if (row.status === 'PENDING_ACTIVATION' && row.can_remind) return { kind: 'send' };
  const days = remindAgainInDays(row.last_reminded_at, row.next_remind_date, now);
  if (days === null) return { kind: 'none' };
  // The spec's wording, kept as quoted ('Days' even for one).
  return { kind: 'wait', text: `Remind again in ${days} Days` };
}
