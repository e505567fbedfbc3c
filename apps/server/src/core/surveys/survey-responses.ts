import {
  surveyStatusOn,
  type SurveyContentItem,
  type SurveyResponse,
} from '@recovery-portal/contract/survey-responses';
import {
  SURVEY_TIMEPOINT_LABELS,
  surveyQuestionSchema,
  type SurveyQuestion,
} from '@recovery-portal/contract/surveys';
import type { ScheduledSurveyRow } from './scheduled-surveys';
import { measureScores } from './survey-scores';

/** A questionnaire's well-formed questions, each with its place among all of them. */
type ValidQuestions = { index: number; question: SurveyQuestion }[];

/**
 * Validated once per question list: rows that share one (a FHIR page of a survey's responses)
 * are not validated again, which in a bulk export was most of a response's cost.
 */
const validated = new WeakMap<unknown[], ValidQuestions>();

function validQuestions(questions: unknown[]): ValidQuestions {
  let valid = validated.get(questions);
  if (!valid) {
    valid = questions.flatMap((item, index) => {
      const parsed = surveyQuestionSchema.safeParse(item);
      return parsed.success ? [{ index, question: parsed.data }] : [];
    });
    validated.set(questions, valid);
  }
  return valid;
}

/**
 * The questions with the participant's answers: an answer outside the question's options (or
 * missing) is null, so a corrupt row never highlights a wrong option.
 */
export function surveyContent(questions: unknown, answers: unknown): SurveyContentItem[] {
  if (!Array.isArray(questions)) return [];
  const chosen = Array.isArray(answers) ? answers : [];
  return validQuestions(questions).map(({ index, question }) => {
    const answer: unknown = chosen[index];
    const valid =
      typeof answer === 'number' &&
      Number.isInteger(answer) &&
      answer >= 0 &&
      answer < question.options.length;
    return { ...question, selected_option: valid ? answer : null };
  });
}

/** The response's score as its instrument publishes it; null until submitted or unscored. */
export function submittedScore(row: Pick<ScheduledSurveyRow, 'submittedAt' | 'title' | 'answers'>) {
  return row.submittedAt ? (measureScores(row.title, row.answers).scores[0]?.value ?? null) : null;
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
