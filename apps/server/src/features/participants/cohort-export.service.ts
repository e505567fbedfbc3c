import { Readable } from 'node:stream';
import {
  OUTCOME_EXPORT_HEADER,
  type CohortExportQuery,
} from '@recovery-portal/contract/cohort-export';
import { MEASURE_INFO, type Measure } from '@recovery-portal/contract/instruments';
import type { Database } from '#app/db/client';
import { CSV_BOM, csvDecimal, csvRow, type CsvValue } from '#app/lib/csv';
import type { AuditValues } from '#app/core/audit/record-audit';
import { resolveProgramme } from '#app/core/programme';
import { buildOutcomeSurveys } from '#app/core/surveys/outcome-surveys';
import {
  COHORT_BATCH_SIZE,
  cohortBatch,
  cohortBatches,
  type CohortMember,
} from './cohort-export.repository';

/** A score as the outcome chart shows it: the instrument's decimals, trailing zeros kept. */
const shown = (measure: Measure, value: number | null) =>
  csvDecimal(value, MEASURE_INFO[measure].decimals);

/** The filters that were set, for the audit row (no empties). */
export function setFilters(query: CohortExportQuery): Record<string, string | number | boolean> {
  return Object.fromEntries(
    Object.entries(query).filter(
      (entry): entry is [string, string | number | boolean] =>
        entry[1] !== '' && entry[1] !== null && entry[1] !== false,
    ),
  );
}

/** The rows of one participant: every submitted response's published scores, by timepoint. */
function participantRows(participant: CohortMember): string {
  const { surgery } = participant;
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
  return buildOutcomeSurveys(participant.schedule)
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
     * streamed: the first batch of participants is read by the statement that writes the call's
     * audit row (`audit`), before the answer starts; each next one only when the client has
     * taken the one before. Scores come from the same derivation as the outcome chart
     * (buildOutcomeSurveys).
     */
    async exportCsv(
      query: CohortExportQuery,
      viewerId: number,
      audit: AuditValues,
    ): Promise<Readable> {
      const now = new Date();
      const filters = { ...query, tracker: '', responsible_id: query.mine ? viewerId : null };
      const first = await cohortBatch(db, filters, now, {
        after: 0,
        batchSize: COHORT_BATCH_SIZE,
        audit,
      });
      const rest = first.length === COHORT_BATCH_SIZE ? first.at(-1) : undefined;
      async function* lines() {
        yield CSV_BOM + csvRow(OUTCOME_EXPORT_HEADER);
        if (first.length > 0) yield first.map(participantRows).join('');
        if (!rest) return;
        for await (const batch of cohortBatches(db, filters, now, COHORT_BATCH_SIZE, rest.id)) {
          yield batch.map(participantRows).join('');
        }
      }
      return Readable.from(lines(), { objectMode: false });
    },
  };
}
