import type { ParticipantIdentity } from '@recovery-portal/contract/participant-identity';
import type { Task } from '@recovery-portal/contract/tasks';

/** The second identifiers of a task's participant, as the identity helpers take them. */
export function identifiersOf(task: Task): Pick<ParticipantIdentity, 'birth_date' | 'mrn'> {
  return { birth_date: task.participant_birth_date, mrn: task.participant_mrn };
}
