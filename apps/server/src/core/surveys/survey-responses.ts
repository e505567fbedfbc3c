import {
  surveyStatusOn,
  type SurveyContentItem,
  type SurveyResponse,
} from '@recovery-portal/contract/survey-responses';
import { SURVEY_TIMEPOINT_LABELS, surveyQuestionSchema } from '@recovery-portal/contract/surveys';
import type { ScheduledSurveyRow } from './scheduled-surveys';
import { measureScores } from './survey-scores';

/**
 * The questions with the participant's answers: an answer outside the question's options (or
 * missing) is null, so a corrupt row never highlights a wrong option.
 */
export function surveyContent(questions: unknown, answers: unknown): SurveyContentItem[] {
  if (!Array.isArray(questions)) return [];
  const chosen = Array.isArray(answers) ? answers : [];
  return questions.flatMap((item, index) => {
    const parsed = surveyQuestionSchema.safeParse(item);
    if (!parsed.success) return [];
    const answer: unknown = chosen[index];
    const valid =
      typeof answer === 'number' &&
      Number.isInteger(answer) &&
      answer >= 0 &&
      answer < parsed.data.options.length;
    return [{ ...parsed.data, selected_option: valid ? answer : null }];
  });
}

export function toSurveyResponse(row: ScheduledSurveyRow, today: string): SurveyResponse {
  const submittedAt = row.submittedAt ? row.submittedAt.toISOString() : null;
  const { scores, note } = submittedAt
    ? measureScores(row.title, row.answers)
    : { scores: [], note: null };
  return {
    id: row.id,
    survey_id: row.surveyId,
    title: row.title,
    description: row.description,
    timepoint: row.timepoint,
    timepoint_label: SURVEY_TIMEPOINT_LABELS[row.timepoint],
    target_date: row.targetDate,
    submitted_at: submittedAt,
    survey_status: surveyStatusOn(
      { submitted_at: submittedAt, not_applicable: row.notApplicable, target_date: row.targetDate },
      today,
    ),
    score: scores[0]?.value ?? null,
    scores,
    scoring_note: note,
    content: surveyContent(row.questions, row.answers),
  };
}
