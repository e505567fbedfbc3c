import { MEASURE_INFO } from '@recovery-portal/contract/instruments';
import { type OutcomePoint, type OutcomeSurvey } from '@recovery-portal/contract/outcomes';
import { SURVEY_TIMEPOINT_LABELS, SURVEY_TIMEPOINTS } from '@recovery-portal/contract/surveys';
import { instrumentOf, scoreResponse, type MeasureResult } from './instruments';
import { assessScore, improvementOf } from './outcome-status';
import { preferred, type ScheduleRow } from './survey-schedule';

/** Each questionnaire's chosen row per timepoint: the submitted one, else the latest. */
function byQuestionnaire(rows: readonly ScheduleRow[]) {
  const surveys = new Map<number, { first: ScheduleRow; cells: Map<string, ScheduleRow> }>();
  for (const row of rows) {
    let survey = surveys.get(row.surveyId);
    if (!survey) {
      survey = { first: row, cells: new Map() };
      surveys.set(row.surveyId, survey);
    }
    survey.cells.set(row.timepoint, preferred(survey.cells.get(row.timepoint), row));
  }
  return [...surveys.values()].sort(
    (a, b) => a.first.title.localeCompare(b.first.title) || a.first.surveyId - b.first.surveyId,
  );
}

/**
 * Every published score of the participant's questionnaires at the five timepoints, derived
 * from the stored answers and held against the instrument's MCID and PASS.
 */
export function buildOutcomeSurveys(rows: readonly ScheduleRow[]): OutcomeSurvey[] {
  return byQuestionnaire(rows).flatMap(({ first, cells }) => {
    const instrument = instrumentOf(first.title);
    if (!instrument) return [];
    const results = new Map(
      SURVEY_TIMEPOINTS.map((timepoint) => {
        const row = cells.get(timepoint);
        const scored: MeasureResult[] = row?.submittedAt
          ? scoreResponse(first.title, row.answers)
          : [];
        return [timepoint, { row, scored }] as const;
      }),
    );
    return instrument.measures.map((measure): OutcomeSurvey => {
      const info = MEASURE_INFO[measure];
      const scoreAt = (timepoint: (typeof SURVEY_TIMEPOINTS)[number]) =>
        results.get(timepoint)?.scored.find((r) => r.measure === measure) ?? null;
      const preOp = scoreAt('PRE_OP')?.value ?? null;
      const points = SURVEY_TIMEPOINTS.map((timepoint): OutcomePoint => {
        const row = results.get(timepoint)?.row;
        const result = scoreAt(timepoint);
        const score = result?.value ?? null;
        const assessed = score === null ? null : assessScore(measure, timepoint, score, preOp);
        return {
          timepoint,
          label: SURVEY_TIMEPOINT_LABELS[timepoint],
          score,
          submitted_on: row?.submittedAt ? row.submittedAt.toISOString() : null,
          not_scorable_reason: result?.reason ?? null,
          improvement:
            score === null || preOp === null || timepoint === 'PRE_OP'
              ? null
              : improvementOf(measure, preOp, score),
          status: assessed?.status ?? null,
        };
      });
      return {
        survey_id: first.surveyId,
        title: first.title,
        measure,
        label: info.label,
        name: info.name,
        min: info.min,
        max: info.max,
        higher_is_better: info.higherIsBetter,
        scale_text: info.scaleText,
        mcid: info.mcid,
        pass: info.pass,
        scb: info.scb,
        points,
        // The clinic's band is a read of its own (the outcomes feature adds it).
        cohort: null,
        cohort_note: null,
      };
    });
  });
}
