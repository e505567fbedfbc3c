import {
  PROGRAMME_OF_GROUP,
  PROGRAMME_OF_PROCEDURE,
  type ProgrammeSource,
  type RecoveryProgramme,
} from '@recovery-portal/contract/outcomes';
import type { SurgeryProcedure } from '@recovery-portal/contract/surgery';

/** What decides a participant's programme: their latest surgery's procedure and their group. */
export interface ProgrammeFacts {
  procedure: SurgeryProcedure | null;
  groupName: string | null;
}

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
