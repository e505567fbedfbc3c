import { FlagsList } from '../../features/flags/components/flags-list';

/** Route /flags (issue 7): the open flags of the selected participant type. */
export function FlagsRoute() {
  return <FlagsList />;
}
