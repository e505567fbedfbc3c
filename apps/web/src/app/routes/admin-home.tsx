import { CliniciansScreen } from '../../features/clinicians/components/clinicians-screen';
import { MfaPolicyCard } from '../../features/mfa/components/mfa-policy-card';

export function AdminHomeRoute() {
  return (
    <>
      <CliniciansScreen />
      <MfaPolicyCard />
    </>
  );
}
