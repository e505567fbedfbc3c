import type { SurveyResponse } from '@recovery-portal/contract/survey-responses';
import type { Database } from '#app/db/client';
import { listScheduledSurveys } from '#app/core/surveys/scheduled-surveys';
import { toSurveyResponse } from '#app/core/surveys/survey-responses';

export function createSurveyService(db: Database) {
  return {
    /** The participant's scheduled surveys with answers and status as of `today`. */
    async responses(userId: number, today: string): Promise<SurveyResponse[]> {
      const rows = await listScheduledSurveys(db, userId);
      return rows.map((row) => toSurveyResponse(row, today));
    },
  };
}
