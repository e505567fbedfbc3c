import { PageHeading } from '#app/components/layout/page-heading.tsx';
import { CoachList } from '#app/features/coach/components/coach-list.tsx';

export function CoachRoute() {
  return (
    <>
      <PageHeading title="Coach" />
      <CoachList />
    </>
  );
}
