import { AssignResponsibleDialog } from '#app/features/care-team/components/assign-responsible-dialog.tsx';
import { ParticipantsList } from '#app/features/participants/components/participants-list.tsx';

/** The list draws its own heading, to keep the invite and delete buttons on its line. */
export function ParticipantsRoute() {
  return <ParticipantsList renderAssignDialog={(slot) => <AssignResponsibleDialog {...slot} />} />;
}
