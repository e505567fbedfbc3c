import {
  NOT_APPLICABLE_SCORE,
  type AdherenceEntry,
  type AdherenceItem,
} from '@recovery-portal/contract/adherence';
import { formatMeasureScore, type MeasureScore } from '@recovery-portal/contract/instruments';
import {
  SURVEY_TIMEPOINT_LABELS,
  SURVEY_TIMEPOINT_OFFSET_DAYS,
  SURVEY_TIMEPOINTS,
} from '@recovery-portal/contract/surveys';
import { SURGERY_MESSAGES } from '@recovery-portal/contract/surgery';
import type { Database } from '#app/db/client';
import { addDays } from '#app/core/days';
import { measureScores } from '#app/core/surveys/survey-scores';
import { listScheduleRows, preferred, type ScheduleRow } from '#app/core/surveys/survey-schedule';
import type { AuditValues } from '#app/core/audit/record-audit';
import { notFound } from '#app/lib/app-error';
import { auditedScheduleRows } from './adherence.repository';

function shortText(score: MeasureScore): string {
  return score.value === null ? score.display : formatMeasureScore(score.measure, score.value);
}

function toEntry(
  timepoint: (typeof SURVEY_TIMEPOINTS)[number],
  row?: ScheduleRow,
  surgeryDate?: string,
): AdherenceEntry {
  let score: AdherenceEntry['score'] = null;
  let scoreText: string | null = null;
  if (row?.submittedAt) {
    const { scores } = measureScores(row.title, row.answers);
    score = scores[0]?.value ?? null;
    scoreText = scores.length > 0 ? scores.map(shortText).join(' · ') : 'no published score';
  } else if (row?.notApplicable) score = NOT_APPLICABLE_SCORE;
  return {
    timepoint,
    label: SURVEY_TIMEPOINT_LABELS[timepoint],
    score,
    score_text: scoreText,
    target_date: surgeryDate
      ? addDays(surgeryDate, SURVEY_TIMEPOINT_OFFSET_DAYS[timepoint])
      : (row?.targetDate ?? null),
    submitted_on: row?.submittedAt ? row.submittedAt.toISOString() : null,
  };
}

/**
 * One item per survey with exactly five entries in schedule order (PreOp … 12 Months); a
 * timepoint the survey was never scheduled at has a null target date and score. With a surgery
 * date, every target date is that date plus the timepoint's offset.
 */
export function buildAdherence(
  rows: readonly ScheduleRow[],
  surgeryDate?: string,
): AdherenceItem[] {
  const bySurvey = new Map<number, { first: ScheduleRow; cells: Map<string, ScheduleRow> }>();
  for (const row of rows) {
    let survey = bySurvey.get(row.surveyId);
    if (!survey) {
      survey = { first: row, cells: new Map() };
      bySurvey.set(row.surveyId, survey);
    }
    survey.cells.set(row.timepoint, preferred(survey.cells.get(row.timepoint), row));
  }
  return [...bySurvey.values()]
    .sort(
      (a, b) => a.first.title.localeCompare(b.first.title) || a.first.surveyId - b.first.surveyId,
    )
    .map(({ first, cells }) => {
      const entries = SURVEY_TIMEPOINTS.map((timepoint) =>
        toEntry(timepoint, cells.get(timepoint), surgeryDate),
      );
      const dates = entries
        .flatMap((entry) => (entry.target_date ? [entry.target_date] : []))
        .sort();
      return {
        survey_id: first.surveyId,
        title: first.title,
        description: first.description,
        start_date: dates[0] ?? null,
        end_date: dates.at(-1) ?? null,
        entries,
      };
    });
}

export function createAdherenceService(db: Database) {
  return {
    /** The survey schedule of the participant as stored, for the report (audited by its call). */
    async schedule(userId: number): Promise<AdherenceItem[]> {
      return buildAdherence(await listScheduleRows(db, userId));
    },

    /**
     * The survey schedule of the participant, from survey_responses, read with the call's audit
     * row. Given one of their surgeries, the target dates are counted from its date instead of
     * the stored ones; a surgery of someone else's is a 404, not audited.
     */
    async adherence(
      userId: number,
      surgeryId: number | null,
      audit: AuditValues,
    ): Promise<AdherenceItem[]> {
      const read = await auditedScheduleRows(db, userId, surgeryId, audit);
      if (surgeryId !== null && !read.found) {
        throw notFound(SURGERY_MESSAGES.notFound(surgeryId, userId));
      }
      return buildAdherence(read.rows, read.surgeryDate ?? undefined);
    },
  };
}
