import { Readable } from 'node:stream';
import {
  AUDIT_ACTIONS,
  AUDIT_CSV_HEADER,
  AUDIT_MESSAGES,
  AUDIT_PAGE_SIZE,
  MAX_AUDIT_PARTICIPANT_MATCHES,
  type AuditAction,
  type AuditFilters,
  type AuditSubjectType,
  type AuditListResponse,
  type AuditLogEntry,
} from '@recovery-portal/contract/audit';
import type { Database } from '#app/db/client';
import { AppError } from '#app/lib/app-error';
import { CSV_BOM, csvRow } from '#app/lib/csv';
import {
  AUDIT_EXPORT_BATCH_SIZE,
  auditBatches,
  auditedFirstBatch,
  findParticipantIds,
  listAuditEntries,
  participantFilterOf,
  type AuditQuery,
} from './audit.repository';
import type { AuditValues } from '#app/core/audit/record-audit';
import type { AuditFn } from '#app/core/audit/request-audit';

/** The wire filters as parsed by the contract (action and subject type checked against the lists). */
type ParsedFilters = Omit<AuditFilters, 'action' | 'subject_type'> & {
  action?: AuditAction | '' | undefined;
  subject_type?: AuditSubjectType | '' | undefined;
};

/** The filters that were set, for the audit row of the viewing itself. */
export function setFilters(filters: ParsedFilters): Record<string, string> {
  const set: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (typeof value === 'string' && value.trim() !== '') set[key] = value.trim();
  }
  return set;
}

function toCsvRow(entry: AuditLogEntry): string {
  return csvRow([
    entry.id,
    entry.created_at,
    entry.actor_id,
    entry.actor_email,
    entry.action,
    entry.subject_type,
    entry.subject_id,
    entry.subject_name,
    entry.client_address,
    entry.request_id,
    entry.details === null ? null : JSON.stringify(entry.details),
    entry.count,
  ]);
}

const tooManyParticipants = () =>
  new AppError('VALIDATION_ERROR', AUDIT_MESSAGES.tooManyParticipants, [
    { field: 'participant', message: AUDIT_MESSAGES.tooManyParticipants },
  ]);

/** The filters but the participant, normalised. */
function baseQuery(filters: ParsedFilters): AuditQuery {
  const actor = filters.actor?.trim();
  return {
    ...(actor ? { actor } : {}),
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.subject_type ? { subjectType: filters.subject_type } : {}),
    ...(filters.from ? { from: new Date(filters.from) } : {}),
    ...(filters.to ? { to: new Date(filters.to) } : {}),
  };
}

export function createAuditService(db: Database) {
  /** Normalises the filters; a participant filter matching too many participants is refused. */
  async function toAuditQuery(filters: ParsedFilters): Promise<AuditQuery> {
    const query = baseQuery(filters);
    const participant = filters.participant?.trim();
    if (!participant) return query;
    const participantIds = await findParticipantIds(db, participant, MAX_AUDIT_PARTICIPANT_MATCHES);
    if (participantIds.length > MAX_AUDIT_PARTICIPANT_MATCHES) throw tooManyParticipants();
    return { ...query, participantIds };
  }

  return {
    /** A page of the trail, newest first (ADR 0011 'Audit log'). */
    async list(
      request: ParsedFilters & { before?: number; after?: number; page_size?: number },
      audit: AuditFn,
    ): Promise<AuditListResponse> {
      const query = await toAuditQuery(request);
      const page = await listAuditEntries(db, query, {
        pageSize: request.page_size ?? AUDIT_PAGE_SIZE,
        ...(request.before !== undefined ? { before: request.before } : {}),
        ...(request.after !== undefined ? { after: request.after } : {}),
      });
      await audit({
        action: AUDIT_ACTIONS.auditList,
        details: {
          filters: setFilters(request),
          ...(request.before !== undefined ? { before: request.before } : {}),
          ...(request.after !== undefined ? { after: request.after } : {}),
        },
      });
      return {
        entries: page.entries,
        older_cursor: page.olderCursor,
        newer_cursor: page.newerCursor,
      };
    },

    /**
     * The filtered trail as CSV text (UTF-8 with BOM, header row), newest first, streamed batch
     * by batch: the first is read, and a participant filter resolved, by the statement that
     * writes the call's audit row (`audit`), before the answer starts; each next batch only when
     * the client has taken the previous one.
     */
    async exportCsv(filters: ParsedFilters, audit: AuditValues): Promise<Readable> {
      let query = baseQuery(filters);
      const participant = filters.participant?.trim();
      const participants = participant ? participantFilterOf(participant) : null;
      if (participants && 'ids' in participants) {
        query = { ...query, participantIds: participants.ids };
      }
      const searched =
        participants && 'pattern' in participants
          ? { pattern: participants.pattern, limit: MAX_AUDIT_PARTICIPANT_MATCHES }
          : null;
      const first = await auditedFirstBatch(db, query, searched, audit);
      if (first.matched) {
        if (first.matched.length > MAX_AUDIT_PARTICIPANT_MATCHES) throw tooManyParticipants();
        query = { ...query, participantIds: first.matched };
      }
      const rest = first.entries.length === AUDIT_EXPORT_BATCH_SIZE ? first.entries.at(-1) : null;
      async function* lines() {
        yield CSV_BOM + csvRow(AUDIT_CSV_HEADER);
        if (first.entries.length > 0) yield first.entries.map(toCsvRow).join('');
        if (!rest) return;
        for await (const batch of auditBatches(db, query, rest.id)) {
          yield batch.map(toCsvRow).join('');
        }
      }
      return Readable.from(lines(), { objectMode: false });
    },
  };
}
