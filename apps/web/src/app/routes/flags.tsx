import { CreateTaskDialog } from '../../features/care-team/components/create-task-dialog';
import { FlagsList } from '../../features/flags/components/flags-list';

/** Route /flags (issue 7): the open flags of the selected participant type; a flag's task. */
export function FlagsRoute() {
  return <FlagsList renderFollowUp={(followUp) => <CreateTaskDialog open {...followUp} />} />;
}
