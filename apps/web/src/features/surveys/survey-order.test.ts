import { describe, expect, it } from 'vitest';
import type { SurveyResponse } from '@recovery-portal/contract/survey-responses';
import { surveysByRelevance } from './survey-order';

function survey(
  id: number,
  survey_status: SurveyResponse['survey_status'],
  target_date: string,
  submitted_at: string | null = null,
): SurveyResponse {
  return {
    id,
    survey_id: 1,
    title: `Survey ${id}`,
    description: '',
    timepoint: 'WEEK_6',
    timepoint_label: '6 Weeks',
    target_date,
    submitted_at,
    survey_status,
    score: null,
    scores: [],
    scoring_note: null,
    content: [],
  };
}

describe('surveys by relevance', () => {
  it('puts the latest answered first, then what is due soonest, next year last', () => {
    // As the call lists them: newest target date first, so next year's come first.
    const surveys = [
      survey(1, 'PENDING', '2027-10-25'),
      survey(2, 'PENDING', '2026-12-06'),
      survey(3, 'NOT_APPLICABLE', '2026-11-01'),
      survey(4, 'OVERDUE', '2026-11-20'),
      survey(5, 'SUBMITTED', '2026-10-18', '2026-10-18T10:00:00.000Z'),
      survey(6, 'SUBMITTED', '2026-10-18', '2026-10-22T10:00:00.000Z'),
      survey(7, 'OVERDUE', '2026-11-10'),
    ];
    expect(surveysByRelevance(surveys).map((item) => item.id)).toEqual([6, 5, 7, 4, 2, 1, 3]);
  });
});
