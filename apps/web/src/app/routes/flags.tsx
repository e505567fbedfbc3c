import { CreateTaskDialog } from '#app/features/care-team/components/create-task-dialog.tsx';
import { FlagsList } from '#app/features/flags/components/flags-list.tsx';

/** Route /flags (ADR 0010): the open flags of the selected participant type; a flag's task. */
export function FlagsRoute() {
  return <FlagsList renderFollowUp={(followUp) => <CreateTaskDialog open {...followUp} />} />;
}
