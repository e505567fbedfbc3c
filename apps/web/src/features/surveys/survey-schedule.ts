import dayjs from 'dayjs';
import { NOT_APPLICABLE_SCORE } from '@recovery-portal/contract/adherence';
import type { AdherenceEntry } from '@recovery-portal/contract/adherence';
import { toApiDate } from '#app/lib/format.ts';

/**
 * What one Survey Schedule cell shows (spec §4 'Survey schedule cell'). `date` is the day the
 * cell names: the submission day, or the target date.
 */
export type SurveyCellState =
  /** `text` names the instrument's scores: 'KOOS JR 65.99', 'GPH T 42.3 · GMH T 50.8'. */
  | { kind: 'submitted'; score: number | null; text: string | null; date: string }
  | { kind: 'not-applicable' }
  | { kind: 'overdue'; date: string }
  | { kind: 'due-today'; date: string }
  | { kind: 'due'; date: string }
  /** The survey was never scheduled at this timepoint. */
  | { kind: 'unscheduled' };

/**
 * The state of a cell on `today` (YYYY-MM-DD, local): submitted wins; then 'NA'; then the
 * target date against today — before is overdue, equal is due today, after is due.
 */
export function surveyCellState(
  entry: Pick<AdherenceEntry, 'score' | 'score_text' | 'target_date' | 'submitted_on'>,
  today: string = toApiDate(),
): SurveyCellState {
  if (entry.submitted_on) {
    return {
      kind: 'submitted',
      score: typeof entry.score === 'number' ? entry.score : null,
      text: entry.score_text,
      date: entry.submitted_on,
    };
  }
  if (entry.score === NOT_APPLICABLE_SCORE) return { kind: 'not-applicable' };
  if (!entry.target_date) return { kind: 'unscheduled' };
  const target = dayjs(entry.target_date).format('YYYY-MM-DD');
  if (target < today) return { kind: 'overdue', date: entry.target_date };
  if (target === today) return { kind: 'due-today', date: entry.target_date };
  return { kind: 'due', date: entry.target_date };
}
