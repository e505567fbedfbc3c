import { useLocation, useParams } from 'react-router';
import { PageHeading } from '#app/components/layout/page-heading.tsx';
import { NudgeDetails } from '#app/features/nudges/components/nudge-details.tsx';

function listSearchOf(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('listSearch' in state)) return '';
  const { listSearch } = state;
  return typeof listSearch === 'string' && listSearch.startsWith('?') ? listSearch : '';
}

export function NudgeDetailsRoute() {
  const { id } = useParams();
  const location = useLocation();
  return (
    <>
      <PageHeading title="Nudge details" />
      <NudgeDetails rawId={id} listSearch={listSearchOf(location.state)} />
    </>
  );
}
