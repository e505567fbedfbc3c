import { Readable } from 'node:stream';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import {
  OUTCOME_EXPORT_HEADER,
  type CohortExportQuery,
} from '@recovery-portal/contract/cohort-export';
import { MEASURE_INFO, type Measure } from '@recovery-portal/contract/instruments';
import type { Database } from '#app/db/client';
import { CSV_BOM, csvDecimal, csvRow, type CsvValue } from '#app/lib/csv';
import type { AuditFn } from '#app/core/audit/request-audit';
import { resolveProgramme } from '#app/core/programme';
import { buildOutcomeSurveys } from '#app/core/surveys/outcome-surveys';
import { latestSurgeriesOf, type LatestSurgery } from '#app/core/surgeries';
import { cohortBatches, scheduleRowsOf } from './cohort-export.repository';

/** A score as the outcome chart shows it: the instrument's decimals, trailing zeros kept. */
const shown = (measure: Measure, value: number | null) =>
  csvDecimal(value, MEASURE_INFO[measure].decimals);

/** The filters that were set, for the audit row (no empties). */
function setFilters(query: CohortExportQuery): Record<string, string | number | boolean> {
  return Object.fromEntries(
    Object.entries(query).filter(
      (entry): entry is [string, string | number | boolean] =>
        entry[1] !== '' && entry[1] !== null && entry[1] !== false,
    ),
  );
}

interface CohortParticipant {
  id: number;
  firstName: string;
  lastName: string;
  mrn: string | null;
  birthDate: string | null;
  participantType: string | null;
  groupName: string | null;
}

/** The rows of one participant: every submitted response's published scores, by timepoint. */
function participantRows(
  participant: CohortParticipant,
  surgery: LatestSurgery | undefined,
  schedule: Parameters<typeof buildOutcomeSurveys>[0],
): string {
  const { programme } = resolveProgramme({
    procedure: surgery?.procedure ?? null,
    groupName: participant.groupName,
  });
  const lead: CsvValue[] = [
    participant.id,
    participant.firstName,
    participant.lastName,
    participant.mrn,
    participant.birthDate,
    participant.participantType,
    participant.groupName,
    programme,
    surgery?.surgeryDate,
    surgery?.procedure,
    surgery?.side,
  ];
  return buildOutcomeSurveys(schedule)
    .flatMap((survey) =>
      survey.points
        .filter((point) => point.submitted_on !== null)
        .map((point) =>
          csvRow([
            ...lead,
            survey.title,
            survey.measure,
            survey.scale_text,
            point.timepoint,
            point.submitted_on,
            shown(survey.measure, point.score),
            shown(survey.measure, point.improvement),
            point.status,
            point.not_scorable_reason,
            survey.mcid?.value,
            survey.pass?.value,
          ]),
        ),
    )
    .join('');
}

export function createCohortExportService(db: Database) {
  return {
    /**
     * The outcome scores of the filtered participants as CSV (UTF-8 with BOM, header row),
     * streamed: a batch of participants is read only when the client has taken the one before.
     * Scores come from the same derivation as the outcome chart (buildOutcomeSurveys).
     */
    async exportCsv(query: CohortExportQuery, viewerId: number, audit: AuditFn): Promise<Readable> {
      const now = new Date();
      await audit({
        action: AUDIT_ACTIONS.participantsOutcomesExport,
        subjectType: 'participant_list',
        details: { filters: setFilters(query) },
      });
      const filters = { ...query, tracker: '', responsible_id: query.mine ? viewerId : null };
      async function* lines() {
        yield CSV_BOM + csvRow(OUTCOME_EXPORT_HEADER);
        for await (const batch of cohortBatches(db, filters, now)) {
          const ids = batch.map((participant) => participant.id);
          const [schedules, surgeries] = await Promise.all([
            scheduleRowsOf(db, ids),
            latestSurgeriesOf(db, ids),
          ]);
          yield batch
            .map((participant) =>
              participantRows(
                participant,
                surgeries.get(participant.id),
                schedules.get(participant.id) ?? [],
              ),
            )
            .join('');
        }
      }
      return Readable.from(lines(), { objectMode: false });
    },
  };
}
