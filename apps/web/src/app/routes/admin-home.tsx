import { CliniciansScreen } from '../../features/clinicians/components/clinicians-screen';

export function AdminHomeRoute() {
  return <CliniciansScreen />;
}
