import { CliniciansScreen } from '../../features/clinicians/components/clinicians-screen';
import { MfaPolicyCard } from '../../features/mfa/components/mfa-policy-card';
import { SignInThrottlesCard } from '../../features/sign-in-throttles/components/sign-in-throttles-card';

export function AdminHomeRoute() {
  return (
    <>
      <CliniciansScreen />
      <MfaPolicyCard />
      <SignInThrottlesCard />
    </>
  );
}
