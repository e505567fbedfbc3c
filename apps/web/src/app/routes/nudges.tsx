import { PageHeading } from '#app/components/layout/page-heading.tsx';
import { NudgesList } from '#app/features/nudges/components/nudges-list.tsx';

export function NudgesRoute() {
  return (
    <>
      <PageHeading title="Nudges" />
      <NudgesList />
    </>
  );
}
