import type { OutcomeTrends } from '@recovery-portal/contract/outcomes';
import type { Database } from '#app/db/client';
import type { AuditValues } from '#app/core/audit/record-audit';
import { buildOutcomeSurveys } from '#app/core/surveys/outcome-surveys';
import { listScheduleRows } from '#app/core/surveys/survey-schedule';
import { resolveProgramme, type ProgrammeFacts } from '#app/core/programme';
import { withBands, withCohortReference } from './cohort-reference';
import { auditedOutcomeReadings, findProgrammeFacts } from './outcomes.repository';

/** The trends of a participant with these programme facts and scored questionnaires. */
function trendsOf(facts: ProgrammeFacts, surveys: OutcomeTrends['surveys']): OutcomeTrends {
  const { programme, source } = resolveProgramme(facts);
  return {
    programme,
    programme_source: source,
    procedure: source === 'SURGERY' ? facts.procedure : null,
    surveys,
  };
}

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
      return trendsOf(
        facts,
        await withCohortReference(db, userId, facts.procedure, buildOutcomeSurveys(rows)),
      );
    },

    /**
     * The same trends read in one statement with the call's audit row (`audit`); NOT_FOUND,
     * not audited, for an unknown participant or a staff member's id.
     */
    async auditedTrends(userId: number, audit: AuditValues): Promise<OutcomeTrends> {
      const { facts, rows, bands } = await auditedOutcomeReadings(db, userId, audit);
      return trendsOf(facts, withBands(facts.procedure, buildOutcomeSurveys(rows), bands));
    },
  };
}
