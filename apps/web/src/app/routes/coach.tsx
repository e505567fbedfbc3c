import { PageHeading } from '../../components/layout/page-heading';

// The screen itself arrives with its own issue; the guarded route already exists.
export function CoachRoute() {
  return <PageHeading title="Coach" />;
}
