import { MyTasksScreen } from '#app/features/care-team/components/my-tasks-screen.tsx';

/** Route /tasks (ADR 0018): the signed-in clinician's open follow-up tasks. */
export function MyTasksRoute() {
  return <MyTasksScreen />;
}
