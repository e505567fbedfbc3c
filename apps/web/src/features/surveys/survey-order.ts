import type { SurveyResponse, SurveyStatus } from '@recovery-portal/contract/survey-responses';

const STATUS_RANK: Record<SurveyStatus, number> = {
  SUBMITTED: 0,
  OVERDUE: 1,
  PENDING: 2,
  NOT_APPLICABLE: 3,
};

/**
 * A participant's surveys, most relevant first: the answered ones, most recently submitted first,
 * then what is due (overdue, then pending), the earliest target first; not applicable last.
 */
export function surveysByRelevance(surveys: readonly SurveyResponse[]): SurveyResponse[] {
  return [...surveys].sort((a, b) => {
    const byStatus = STATUS_RANK[a.survey_status] - STATUS_RANK[b.survey_status];
    if (byStatus !== 0) return byStatus;
    if (a.survey_status === 'SUBMITTED') {
      return (b.submitted_at ?? '').localeCompare(a.submitted_at ?? '');
    }
    return a.target_date.localeCompare(b.target_date);
  });
}
