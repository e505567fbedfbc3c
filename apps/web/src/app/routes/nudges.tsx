import { PageHeading } from '../../components/layout/page-heading';
import { NudgesList } from '../../features/nudges/components/nudges-list';

export function NudgesRoute() {
  return (
    <>
      <PageHeading title="Nudges" />
      <NudgesList />
    </>
  );
}
