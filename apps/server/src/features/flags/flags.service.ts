import {
  NOT_IMPROVING_FINDING,
  FLAG_MESSAGES,
  MAX_PARTICIPANT_FLAGS,
  type Concern,
  type Flag,
  type FlagListQuery,
  type FlagListResponse,
} from '@recovery-portal/contract/flags';
import { THRESHOLD_RULE_DEFINITIONS, THRESHOLD_RULES } from '@recovery-portal/contract/thresholds';
import type { Database } from '#app/db/client';
import { conflict, notFound } from '#app/lib/app-error';
import type { AuditValues } from '#app/core/audit/record-audit';
import { requireParticipant } from '#app/core/participant-lookup';
import {
  acknowledgeFlag,
  auditedFlagsOfParticipant,
  countOpenFlags,
  findFlag,
  flagsOfParticipant,
  listOpenFlags,
  lockFlag,
  type FlagRow,
} from './flags.repository';
import { lockTriageRows, refreshTriage } from './triage.repository';

/** 'chest-pain' → 'Chest pain', for a concern no longer in the configured list. */
function labelOfId(id: string): string {
  const words = id.replace(/[-_]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** 2026-03-04T10:15:00.000Z → '2026-03-04 10:15 UTC', for sentences. */
function utcMinute(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function createFlagService(deps: { db: Database; concerns: readonly Concern[] }) {
  const { db } = deps;
  const concernLabels = new Map(deps.concerns.map((concern) => [concern.id, concern.label]));

  function findingOf(row: FlagRow): string {
    if (row.source === 'OUTCOME') return NOT_IMPROVING_FINDING;
    if (row.source === 'THRESHOLD') {
      const rule = THRESHOLD_RULES.find((candidate) => candidate === row.rule);
      return rule ? THRESHOLD_RULE_DEFINITIONS[rule].label : labelOfId(row.rule);
    }
    return concernLabels.get(row.rule) ?? labelOfId(row.rule);
  }

  function toFlag(row: FlagRow): Flag {
    return {
      id: row.id,
      user_id: row.userId,
      first_name: row.firstName,
      last_name: row.lastName,
      birth_date: row.birthDate,
      mrn: row.mrn,
      source: row.source,
      severity: row.severity,
      rule: row.rule,
      finding: findingOf(row),
      matched_text: row.matchedText,
      value: row.value,
      conversation_id: row.conversationId,
      message_index: row.messageIndex,
      detected_at: row.detectedAt.toISOString(),
      status: row.status,
      acknowledged_at: row.acknowledgedAt?.toISOString() ?? null,
      acknowledged_by: row.acknowledgedBy,
      acknowledgement_note: row.acknowledgementNote,
    };
  }

  return {
    /**
     * A page of open flags of one participant type, most severe then oldest first; with `mine`,
     * only of the participants `viewerId` is responsible for.
     */
    async listOpen(query: FlagListQuery, viewerId: number): Promise<FlagListResponse> {
      const responsibleId = query.mine ? viewerId : null;
      const [rows, total] = await Promise.all([
        listOpenFlags(db, {
          type: query.type,
          responsibleId,
          limit: query.page_size,
          offset: query.start,
        }),
        countOpenFlags(db, query.type, responsibleId),
      ]);
      return { flags: rows.map(toFlag), total };
    },

    /** The participant's flags, open first; NOT_FOUND for an unknown participant. */
    async ofParticipant(userId: number): Promise<Flag[]> {
      await requireParticipant(db, userId);
      return (await flagsOfParticipant(db, userId, MAX_PARTICIPANT_FLAGS)).map(toFlag);
    },

    /** The same flags read with the call's audit row, in one statement (DESIGN §7). */
    async auditedOfParticipant(userId: number, audit: AuditValues): Promise<Flag[]> {
      return (await auditedFlagsOfParticipant(db, userId, audit)).map(toFlag);
    },

    /**
     * Acknowledges an open flag with an optional note and recounts the participant's open flags
     * in the same transaction. NOT_FOUND for an unknown flag, CONFLICT when already acknowledged.
     */
    async acknowledge(flagId: number, staffId: number, note: string | null): Promise<Flag> {
      const userId = await db.transaction(async (tx) => {
        const before = await lockFlag(tx, flagId);
        if (!before) throw notFound(FLAG_MESSAGES.notFound(flagId));
        await lockTriageRows(tx, [before.userId]);
        if (!(await acknowledgeFlag(tx, flagId, { staffId, note, at: new Date() }))) {
          const current = await findFlag(tx, flagId);
          throw conflict(
            FLAG_MESSAGES.alreadyAcknowledged(
              current?.acknowledgedBy ?? null,
              current?.acknowledgedAt ? utcMinute(current.acknowledgedAt) : 'an earlier date',
            ),
          );
        }
        await refreshTriage(tx, [before.userId]);
        return before.userId;
      });
      const flag = await findFlag(db, flagId);
      if (!flag || flag.userId !== userId) throw notFound(FLAG_MESSAGES.notFound(flagId));
      return toFlag(flag);
    },
  };
}
