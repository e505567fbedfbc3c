import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import {
  DEFAULT_COACH_SORT,
  markersExtract,
  type CoachConversation,
  type CoachListQuery,
  type CoachListResponse,
} from '@recovery-portal/contract/coach';
import {
  conversationMarkerSchema,
  transcriptMessageSchema,
} from '@recovery-portal/contract/conversations';
import { toOrderDirection } from '@recovery-portal/contract/nudges';
import type { StatementCaller } from '#app/core/auth/statement-caller';
import type { Database } from '#app/db/client';
import { validItems } from '#app/lib/valid-items';
import type { AuditValues } from '#app/core/audit/record-audit';
import type { RequestAuditEntry } from '#app/core/audit/request-audit';
import { listConversations, type CoachQuery, type ConversationRow } from './coach.repository';

/** Turns the wire request (with its empty strings) into a repository query. */
export function toCoachQuery(request: CoachListQuery): CoachQuery {
  const lower = [request.date, request.date_from].filter((d): d is string => !!d).sort();
  const upper = [request.date, request.date_to].filter((d): d is string => !!d).sort();
  const dateFrom = lower.at(-1);
  const dateTo = upper[0];
  return {
    search: (request.search_key ?? '').trim(),
    ...(dateFrom ? { dateFrom } : {}),
    ...(dateTo ? { dateTo } : {}),
    ...(request.user_type ? { userType: request.user_type } : {}),
    orderBy: request.orderBy || DEFAULT_COACH_SORT.orderBy,
    direction: toOrderDirection(request.orderDirection, DEFAULT_COACH_SORT.orderDirection),
  };
}

export function toCoachConversation(row: ConversationRow): CoachConversation {
  const markers = validItems(conversationMarkerSchema, row.markers);
  return {
    ...row,
    markers,
    transcript: validItems(transcriptMessageSchema, row.transcript),
    extract: markersExtract(markers),
  };
}

/**
 * The coach list's audit row without the participants shown (the list's statement adds them):
 * the filters applied and where the page starts.
 */
export function coachListAudit(request: CoachListQuery): RequestAuditEntry {
  const query = toCoachQuery(request);
  return {
    action: AUDIT_ACTIONS.coachList,
    details: {
      filters: Object.fromEntries(Object.entries(query).filter(([, value]) => value !== '')),
      start: request.start,
    },
  };
}

export function createCoachService(db: Database) {
  return {
    /**
     * A page of coach conversations with everything the conversation dialog shows, writing the
     * call's audit row (coachListAudit's, with the participants shown; listConversations says in
     * which statement, and how it checks the caller's session).
     */
    async list(
      request: CoachListQuery,
      caller: StatementCaller,
      audit: () => AuditValues,
    ): Promise<CoachListResponse> {
      const { rows, total } = await listConversations(
        db,
        toCoachQuery(request),
        { start: request.start, pageSize: request.page_size },
        caller,
        audit,
      );
      return { chat_list: rows.map(toCoachConversation), total_number_of_records: total };
    },
  };
}
