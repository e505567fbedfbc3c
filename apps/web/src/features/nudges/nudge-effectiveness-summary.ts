import type { NudgeEffectiveness } from '@recovery-portal/contract/nudge-effectiveness';
import { formatDate, formatNumber } from '#app/lib/format.ts';
import { NUDGE_DATE_FORMAT } from './nudges-state';

/** A share as a whole percentage, e.g. 0.456 → '46%'. */
export function formatShare(share: number): string {
  return `${Math.round(share * 100)}%`;
}

const day = (value: string) => formatDate(value, NUDGE_DATE_FORMAT);

/** The period the numbers cover, in words: sent nudges never lie after today. */
export function periodText(data: Pick<NudgeEffectiveness, 'date_from' | 'date_to' | 'as_of'>) {
  const end = data.date_to && data.date_to < data.as_of ? day(data.date_to) : 'today';
  return data.date_from ? `from ${day(data.date_from)} to ${end}` : `up to ${end}`;
}

/** The chart's summary: how many nudges, and the feedback and open rates over all titles. */
export function effectivenessSummary(data: NudgeEffectiveness): string {
  const { totals } = data;
  if (totals.sent === 0) return `No nudges were sent ${periodText(data)}.`;
  const sent = `${formatNumber(totals.sent)} ${totals.sent === 1 ? 'nudge' : 'nudges'}`;
  const titles = `${formatNumber(data.total_titles)} ${data.total_titles === 1 ? 'title' : 'titles'}`;
  return `${sent} sent under ${titles} ${periodText(data)}: ${formatShare(totals.thumbs_up_share)} thumbs up, ${formatShare(totals.thumbs_down_share)} thumbs down, ${formatShare(totals.no_feedback_share)} no feedback; ${formatShare(totals.open_rate)} opened.`;
}
