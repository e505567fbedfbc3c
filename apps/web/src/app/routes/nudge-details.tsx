import { useLocation, useParams } from 'react-router';
import { PageHeading } from '../../components/layout/page-heading';
import { NudgeDetails } from '../../features/nudges/components/nudge-details';

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
