import { lazy, Suspense } from 'react';
import { AuthCard } from '#app/components/layout/auth-card.tsx';
import type { MfaStepProps } from './mfa-step';

// The second sign-in step loads only when a sign-in asks for it (DESIGN §7 budget).
const MfaStep = lazy(async () => ({ default: (await import('./mfa-step')).MfaStep }));
const MfaEnrolStep = lazy(async () => ({
  default: (await import('./mfa-enrol-step')).MfaEnrolStep,
}));

/**
 * The step a sign-in's challenge asks for: enrol an authenticator, or enter its code. Used after
 * the password and after a single sign-on alike.
 */
export function MfaChallengeStep({ challenge, onRestart }: MfaStepProps) {
  const Step = challenge.mfa === 'ENROL' ? MfaEnrolStep : MfaStep;
  return (
    <Suspense fallback={<AuthCard title="Two-step sign-in">{null}</AuthCard>}>
      <Step challenge={challenge} onRestart={onRestart} />
    </Suspense>
  );
}
