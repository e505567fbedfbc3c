import { Readable } from 'node:stream';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import {
  DEFAULT_NUDGE_SORT,
  NUDGE_MESSAGES,
  toOrderDirection,
  type Nudge,
  type NudgeDetail,
  type NudgeExportQuery,
  type NudgeListQuery,
  type NudgeListResponse,
} from '@recovery-portal/contract/nudges';
import type { StatementCaller } from '#app/core/auth/statement-caller';
import type { Database } from '#app/db/client';
import { notFound } from '#app/lib/app-error';
import type { AuditValues } from '#app/core/audit/record-audit';
import type { AuditFn, RequestAuditEntry } from '#app/core/audit/request-audit';
import { CSV_BOM, csvRow } from '#app/lib/csv';
import {
  findNudge,
  listNudges,
  NUDGE_BATCH_SIZE,
  nudgeBatches,
  type NudgeQuery,
} from './nudges.repository';

/** Intersects the single `date` with the `date_from`/`date_to` range; '' means no bound. */
export function dateBounds(filters: { date?: string; date_from?: string; date_to?: string }) {
  const lower = [filters.date, filters.date_from].filter((d): d is string => !!d).sort();
  const upper = [filters.date, filters.date_to].filter((d): d is string => !!d).sort();
  return { dateFrom: lower.at(-1), dateTo: upper[0] };
}

/** Turns the wire filters (with their empty strings) into a repository query. */
export function toNudgeQuery(filters: NudgeExportQuery): NudgeQuery {
  const { dateFrom, dateTo } = dateBounds(filters);
  return {
    search: (filters.search_key ?? '').trim(),
    ...(dateFrom ? { dateFrom } : {}),
    ...(dateTo ? { dateTo } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.feedback ? { feedback: filters.feedback } : {}),
    ...(filters.user_type ? { userType: filters.user_type } : {}),
    orderBy: filters.orderBy || DEFAULT_NUDGE_SORT.orderBy,
    direction: toOrderDirection(filters.orderDirection, DEFAULT_NUDGE_SORT.orderDirection),
  };
}

/** The filters worth keeping in the audit trail (no empties). */
function auditedFilters(query: NudgeQuery) {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''));
}

export const NUDGE_CSV_HEADER = [
  'ID',
  'Date',
  'Title',
  'Content',
  'Participant',
  'Participant ID',
  'Notification time',
  'Status',
  'Feedback',
] as const;

/** One CSV line per nudge, in the columns of NUDGE_CSV_HEADER. */
function csvRows(batch: Nudge[]): string {
  return batch
    .map((nudge) =>
      csvRow([
        nudge.id,
        nudge.target_date,
        nudge.title,
        nudge.content,
        nudge.participant_name,
        nudge.participant_id,
        nudge.send_time,
        nudge.tracking_type,
        nudge.feedback_type,
      ]),
    )
    .join('');
}

/**
 * The nudge list's audit row without the participants shown (the list's statement adds them):
 * the filters applied and where the page starts.
 */
export function nudgeListAudit(request: NudgeListQuery): RequestAuditEntry {
  return {
    action: AUDIT_ACTIONS.nudgeList,
    details: { filters: auditedFilters(toNudgeQuery(request)), start: request.start },
  };
}

/** The nudge export's audit row: the filters applied. */
export function nudgeExportAudit(filters: NudgeExportQuery): RequestAuditEntry {
  return {
    action: AUDIT_ACTIONS.nudgeExport,
    details: { filters: auditedFilters(toNudgeQuery(filters)) },
  };
}

export function createNudgeService(db: Database) {
  return {
    /**
     * A page of participants' nudges (spec §2 'Nudges list'), writing the call's audit row
     * (nudgeListAudit's, with the participants shown; listNudges says in which statement, and how it checks the caller's session).
     */
    async list(
      request: NudgeListQuery,
      caller: StatementCaller,
      audit: () => AuditValues,
    ): Promise<NudgeListResponse> {
      const { rows, total } = await listNudges(
        db,
        toNudgeQuery(request),
        { start: request.start, pageSize: request.page_size },
        caller,
        audit,
      );
      return { nudges: rows, total_number_of_records: total };
    },

    /** One nudge with its participant; NOT_FOUND for unknown ids. */
    async get(id: number, audit: AuditFn): Promise<NudgeDetail> {
      const nudge = await findNudge(db, id);
      if (!nudge) throw notFound(NUDGE_MESSAGES.notFound);
      await audit({
        action: AUDIT_ACTIONS.nudgeView,
        subjectType: 'participant',
        subjectId: nudge.participant_id,
        details: { nudge_id: nudge.id },
      });
      return nudge;
    },

    /**
     * The filtered list as CSV text, streamed batch by batch (UTF-8 with BOM, header row). The
     * first batch is read now, by the statement that writes the call's audit row
     * (nudgeExportAudit's), so the row is written before the answer starts; the stream pulls each
     * next batch only when the client has taken the one before.
     */
    async exportCsv(filters: NudgeExportQuery, audit: AuditValues): Promise<Readable> {
      const batches = nudgeBatches(db, toNudgeQuery(filters), NUDGE_BATCH_SIZE, audit);
      const first = await batches.next();
      async function* lines() {
        yield CSV_BOM + csvRow(NUDGE_CSV_HEADER);
        if (first.done) return;
        yield csvRows(first.value);
        for await (const batch of batches) yield csvRows(batch);
      }
      return Readable.from(lines(), { objectMode: false });
    },
  };
}
