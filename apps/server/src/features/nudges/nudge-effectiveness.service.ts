import type {
  NudgeEffectiveness,
  NudgeEffectivenessQuery,
  NudgeEffectivenessStats,
} from '@recovery-portal/contract/nudge-effectiveness';
import type { Database } from '#app/db/client';
import { roundTo } from '#app/core/numbers';
import type { AuditValues } from '#app/core/audit/record-audit';
import { auditedCountByTitle } from './nudge-effectiveness.repository';

/** Counts → the wire stats; every share is of `sent`, and 0 when nothing was sent. */
export function toStats(counts: {
  sent: number;
  opened: number;
  thumbsUp: number;
  thumbsDown: number;
}): NudgeEffectivenessStats {
  const { sent, opened, thumbsUp, thumbsDown } = counts;
  const noFeedback = sent - thumbsUp - thumbsDown;
  const share = (part: number) => (sent === 0 ? 0 : roundTo(part / sent, 4));
  return {
    sent,
    opened,
    thumbs_up: thumbsUp,
    thumbs_down: thumbsDown,
    no_feedback: noFeedback,
    open_rate: share(opened),
    thumbs_up_share: share(thumbsUp),
    thumbs_down_share: share(thumbsDown),
    no_feedback_share: share(noFeedback),
  };
}

const EMPTY_COUNTS = { sent: 0, opened: 0, thumbsUp: 0, thumbsDown: 0 };

export function createNudgeEffectivenessService(db: Database) {
  return {
    /**
     * Nudge effectiveness per title over the period (ADR 0005), read by the statement that
     * writes the call's audit row (`audit`). Nudges dated after `today` have not gone out yet,
     * so the period ends at today at the latest (a period starting later counts none).
     */
    async effectiveness(
      query: NudgeEffectivenessQuery,
      audit: AuditValues,
      today: string = new Date().toISOString().slice(0, 10),
    ): Promise<NudgeEffectiveness> {
      const dateFrom = query.date_from || undefined;
      const dateTo = query.date_to && query.date_to < today ? query.date_to : today;
      const rows = await auditedCountByTitle(
        db,
        {
          ...(dateFrom ? { dateFrom } : {}),
          dateTo,
          ...(query.user_type ? { userType: query.user_type } : {}),
        },
        audit,
      );
      const first = rows[0];
      return {
        date_from: dateFrom ?? null,
        date_to: query.date_to || null,
        as_of: today,
        titles: rows.map((row) => ({ title: row.title, ...toStats(row) })),
        total_titles: first?.totalTitles ?? 0,
        totals: toStats(
          first
            ? {
                sent: first.totalSent,
                opened: first.totalOpened,
                thumbsUp: first.totalThumbsUp,
                thumbsDown: first.totalThumbsDown,
              }
            : EMPTY_COUNTS,
        ),
      };
    },
  };
}
