import type { SurveyResponse } from '@recovery-portal/contract/survey-responses';

/**
 * The published scores of a survey as lines of text: 'KOOS JR 65.99 (0–100, 100 = best)', or
 * 'KOOS JR not scorable: 1 item is unanswered.' Nothing before it is submitted.
 */
export function surveyScoreLines(
  survey: Pick<SurveyResponse, 'scores' | 'scoring_note' | 'submitted_at'>,
): string[] {
  if (!survey.submitted_at) return [];
  if (survey.scoring_note) return [survey.scoring_note];
  return survey.scores.map((score) =>
    score.not_scorable_reason ? `${score.display}: ${score.not_scorable_reason}` : score.display,
  );
}
