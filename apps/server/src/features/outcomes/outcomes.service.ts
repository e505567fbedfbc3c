import {
  PROGRAMME_OF_GROUP,
  PROGRAMME_OF_PROCEDURE,
  type OutcomeTrends,
  type ProgrammeSource,
  type RecoveryProgramme,
} from '@recovery-portal/contract/outcomes';
import type { Database } from '../../db/client';
import { buildOutcomeSurveys } from '../../core/surveys/outcome-surveys';
import { listScheduleRows } from '../../core/surveys/survey-schedule';
import { findProgrammeFacts, type ProgrammeFacts } from './outcomes.repository';

/**
 * The participant's programme: a recorded surgery decides (a procedure outside the programmes
 * gives none), then a group that stands for a programme, else the programme as a whole.
 */
export function resolveProgramme(facts: ProgrammeFacts): {
  programme: RecoveryProgramme | null;
  source: ProgrammeSource;
} {
  if (facts.procedure) {
    return { programme: PROGRAMME_OF_PROCEDURE[facts.procedure], source: 'SURGERY' };
  }
  const byGroup = facts.groupName ? PROGRAMME_OF_GROUP[facts.groupName] : undefined;
  if (byGroup) return { programme: byGroup, source: 'GROUP' };
  return { programme: 'GENERAL', source: 'DEFAULT' };
}

export function createOutcomeService(db: Database) {
  return {
    /** The participant's published scores at the five timepoints against MCID and PASS. */
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
        surveys: buildOutcomeSurveys(rows),
      };
    },
  };
}
