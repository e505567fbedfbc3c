import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import {
  NUDGE_EFFECTIVENESS_MAX_TITLES,
  NUDGE_SENT_STATUSES,
} from '@recovery-portal/contract/nudge-effectiveness';
import type { ParticipantType } from '@recovery-portal/contract/users';
import type { Database } from '#app/db/client';
import { nudges } from '#app/db/schema/nudges';
import { users } from '#app/db/schema/users';
import { auditingQueryBuilder, type AuditValues } from '#app/core/audit/record-audit';

/** The sent nudges to count: inclusive target dates (dateTo already capped at today). */
export interface EffectivenessQuery {
  dateFrom?: string;
  dateTo: string;
  userType?: ParticipantType;
}

/** Counts of one title; the window totals repeat on every row (all titles, not only these). */
export interface TitleCounts {
  title: string;
  sent: number;
  opened: number;
  thumbsUp: number;
  thumbsDown: number;
  totalTitles: number;
  totalSent: number;
  totalOpened: number;
  totalThumbsUp: number;
  totalThumbsDown: number;
}

/**
 * Sent nudges per title, the most sent first (ties by title), at most
 * NUDGE_EFFECTIVENESS_MAX_TITLES rows, read by the statement that writes the call's audit row
 * (`audit`). One pass: the period predicate can use nudges_target_date_idx, the aggregate is a
 * hash over titles, and the totals come from window functions over the grouped rows instead of a
 * second scan. Its filters vary, so it is built per call rather than prepared.
 */
export function auditedCountByTitle(
  db: Database,
  query: EffectivenessQuery,
  audit: AuditValues,
): Promise<TitleCounts[]> {
  const perTitle = db
    .select({
      title: nudges.title,
      sent: sql<number>`count(*)::int`.as('sent'),
      opened: sql<number>`count(${nudges.openedAt})::int`.as('opened'),
      thumbsUp: sql<number>`(count(*) filter (where ${nudges.feedbackType} = 'THUMBS_UP'))::int`.as(
        'thumbs_up',
      ),
      thumbsDown:
        sql<number>`(count(*) filter (where ${nudges.feedbackType} = 'THUMBS_DOWN'))::int`.as(
          'thumbs_down',
        ),
    })
    .from(nudges)
    .innerJoin(users, eq(users.id, nudges.userId))
    .where(
      and(
        // Row-level rule of every nudge query: only participants' nudges.
        eq(users.role, 'PARTICIPANT'),
        query.userType ? eq(users.participantType, query.userType) : undefined,
        inArray(nudges.trackingType, [...NUDGE_SENT_STATUSES]),
        query.dateFrom ? gte(nudges.targetDate, query.dateFrom) : undefined,
        lte(nudges.targetDate, query.dateTo),
      ),
    )
    .groupBy(nudges.title)
    .as('per_title');
  return auditingQueryBuilder(db)
    .select({
      title: perTitle.title,
      sent: perTitle.sent,
      opened: perTitle.opened,
      thumbsUp: perTitle.thumbsUp,
      thumbsDown: perTitle.thumbsDown,
      totalTitles: sql<number>`(count(*) over ())::int`,
      totalSent: sql<number>`(sum(${perTitle.sent}) over ())::int`,
      totalOpened: sql<number>`(sum(${perTitle.opened}) over ())::int`,
      totalThumbsUp: sql<number>`(sum(${perTitle.thumbsUp}) over ())::int`,
      totalThumbsDown: sql<number>`(sum(${perTitle.thumbsDown}) over ())::int`,
    })
    .from(perTitle)
    .orderBy(desc(perTitle.sent), asc(perTitle.title))
    .limit(NUDGE_EFFECTIVENESS_MAX_TITLES)
    .execute(audit);
}
