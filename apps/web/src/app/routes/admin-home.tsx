import { CliniciansScreen } from '#app/features/clinicians/components/clinicians-screen.tsx';
import { MfaPolicyCard } from '#app/features/mfa/components/mfa-policy-card.tsx';
import { SignInThrottlesCard } from '#app/features/sign-in-throttles/components/sign-in-throttles-card.tsx';
import { SessionsDialog } from '#app/features/staff-sessions/components/sessions-dialog.tsx';

export function AdminHomeRoute() {
  return (
    <>
      <CliniciansScreen renderSessionsDialog={(slot) => <SessionsDialog {...slot} />} />
      <MfaPolicyCard />
      <SignInThrottlesCard />
    </>
  );
}
