import { AssignResponsibleDialog } from '../../features/care-team/components/assign-responsible-dialog';
import { ParticipantsList } from '../../features/participants/components/participants-list';

/** The list draws its own heading, to keep the invite and delete buttons on its line. */
export function ParticipantsRoute() {
  return <ParticipantsList renderAssignDialog={(slot) => <AssignResponsibleDialog {...slot} />} />;
}
