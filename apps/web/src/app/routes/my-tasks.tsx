import { MyTasksScreen } from '../../features/care-team/components/my-tasks-screen';

/** Route /tasks (issue 22): the signed-in clinician's open follow-up tasks. */
export function MyTasksRoute() {
  return <MyTasksScreen />;
}
