import {
  NOT_APPLICABLE_SCORE,
  type AdherenceEntry,
  type AdherenceItem,
} from '@recovery-portal/contract/adherence';
import { SURVEY_TIMEPOINT_LABELS, SURVEY_TIMEPOINTS } from '@recovery-portal/contract/surveys';
import type { Database } from '../../db/client';
import { roundTo } from '../telemetry/series';
import { listScheduleRows, type ScheduleRow } from './adherence.repository';

/** A submitted row beats an unsubmitted one; otherwise the later row (higher id) wins. */
function preferred(current: ScheduleRow | undefined, candidate: ScheduleRow): ScheduleRow {
  if (!current) return candidate;
  if (Boolean(current.submittedAt) !== Boolean(candidate.submittedAt)) {
    return candidate.submittedAt ? candidate : current;
  }
  return candidate.id > current.id ? candidate : current;
}

function toEntry(timepoint: (typeof SURVEY_TIMEPOINTS)[number], row?: ScheduleRow): AdherenceEntry {
  let score: AdherenceEntry['score'] = null;
  if (row?.submittedAt) score = row.score === null ? null : roundTo(row.score);
  else if (row?.notApplicable) score = NOT_APPLICABLE_SCORE;
  return {
    timepoint,
    label: SURVEY_TIMEPOINT_LABELS[timepoint],
    score,
    target_date: row?.targetDate ?? null,
    submitted_on: row?.submittedAt ? row.submittedAt.toISOString() : null,
  };
}

/**
 * One item per survey with exactly five entries in schedule order (PreOp … 12 Months); a
 * timepoint the survey was never scheduled at has a null target date and score.
 */
export function buildAdherence(rows: readonly ScheduleRow[]): AdherenceItem[] {
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
        toEntry(timepoint, cells.get(timepoint)),
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
    /**
     * The survey schedule of the participant. There is no surgery record yet (a later issue
     * adds surgeries), so the schedule is read from survey_responses, which are dated from the
     * participant's one surgery; surgery_id is accepted by the route but not needed.
     */
    async adherence(userId: number): Promise<AdherenceItem[]> {
      return buildAdherence(await listScheduleRows(db, userId));
    },
  };
}
