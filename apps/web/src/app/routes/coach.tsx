import { PageHeading } from '../../components/layout/page-heading';
import { CoachList } from '../../features/coach/components/coach-list';

export function CoachRoute() {
  return (
    <>
      <PageHeading title="Coach" />
      <CoachList />
    </>
  );
}
