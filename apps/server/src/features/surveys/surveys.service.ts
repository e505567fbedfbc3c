import type { SurveyResponse } from '@recovery-portal/contract/survey-responses';
import type { Database } from '#app/db/client';
import type { AuditValues } from '#app/core/audit/record-audit';
import { auditedScheduledSurveys } from '#app/core/surveys/scheduled-surveys';
import { toSurveyResponse } from '#app/core/surveys/survey-responses';

export function createSurveyService(db: Database) {
  return {
    /**
     * The participant's scheduled surveys with answers and status as of `today`, writing the
     * call's audit row.
     */
    async responses(userId: number, today: string, audit: AuditValues): Promise<SurveyResponse[]> {
      const rows = await auditedScheduledSurveys(db, userId, audit);
      return rows.map((row) => toSurveyResponse(row, today));
    },
  };
}
