import type { OutcomeTrends } from '@recovery-portal/contract/outcomes';
import type { Database } from '#app/db/client';
import { buildOutcomeSurveys } from '#app/core/surveys/outcome-surveys';
import { listScheduleRows } from '#app/core/surveys/survey-schedule';
import { resolveProgramme } from '#app/core/programme';
import { withCohortReference } from './cohort-reference';
import { findProgrammeFacts } from './outcomes.repository';

export function createOutcomeService(db: Database) {
  return {
    /**
     * The participant's published scores at the five timepoints against MCID and PASS, each with
     * the clinic's band of comparable patients.
     */
    async trends(userId: number): Promise<OutcomeTrends> {
      const [facts, rows] = await Promise.all([
        findProgrammeFacts(db, userId),
        listScheduleRows(db, userId),
      ]);
      const { programme, source } = resolveProgramme(facts);
      return {
        programme,
        programme_source: source,
        procedure: source === 'SURGERY' ? facts.procedure : null,
        surveys: await withCohortReference(db, userId, facts.procedure, buildOutcomeSurveys(rows)),
      };
    },
  };
}
