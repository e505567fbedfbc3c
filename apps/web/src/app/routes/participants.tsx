import { lazy, Suspense } from 'react';
import type { AssignDialogSlot } from '#app/features/participants/components/participants-list.tsx';
import { ParticipantsList } from '#app/features/participants/components/participants-list.tsx';
import { useOpenedOnce } from '#app/lib/use-opened-once.ts';

// Its form (react-hook-form, the staff select) loads when a clinician first assigns.
const AssignResponsibleDialog = lazy(async () => ({
  default: (await import('#app/features/care-team/components/assign-responsible-dialog.tsx'))
    .AssignResponsibleDialog,
}));

function AssignDialog(slot: AssignDialogSlot) {
  const opened = useOpenedOnce(slot.open);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <AssignResponsibleDialog {...slot} />
    </Suspense>
  );
}

/** The list draws its own heading, to keep the invite and delete buttons on its line. */
export function ParticipantsRoute() {
  return <ParticipantsList renderAssignDialog={(slot) => <AssignDialog {...slot} />} />;
}
