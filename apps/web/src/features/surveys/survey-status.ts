import type { SurveyStatus } from '@recovery-portal/contract/survey-responses';

/** How a survey's status reads in the table and dialog. */
export const SURVEY_STATUS_LABELS: Record<SurveyStatus, string> = {
  SUBMITTED: 'Submitted',
  OVERDUE: 'Overdue',
  PENDING: 'Pending',
  NOT_APPLICABLE: 'Not applicable',
};
