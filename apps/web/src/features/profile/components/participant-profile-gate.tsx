import type { ReactNode } from 'react';
import { Button } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { Link as RouterLink } from 'react-router';
import { WEB_ROUTES } from '@recovery-portal/contract/paths';
import type { ParticipantProfile } from '@recovery-portal/contract/profile';
import { RecordGate } from '#app/components/ui/record-gate.tsx';
import { useParticipantProfile } from '#app/features/profile/api/get-participant-profile.ts';
import { parseParticipantId } from '#app/features/profile/participant-id.ts';

type ParticipantProfileGateProps = {
  /** The :patientId of the route, as written in the URL. */
  rawId: string | undefined;
  /** The page, drawn once the profile has loaded. */
  children: (profile: ParticipantProfile) => ReactNode;
};

const backLink = (
  <Button
    component={RouterLink}
    to={WEB_ROUTES.participants}
    startIcon={<ArrowBack />}
    sx={{ alignSelf: 'flex-start' }}
  >
    Back to participants
  </Button>
);

/** The participant named in the URL, with the page only for one that exists. */
export function ParticipantProfileGate({ rawId, children }: ParticipantProfileGateProps) {
  const id = parseParticipantId(rawId);
  const profile = useParticipantProfile(id);
  return (
    <RecordGate
      id={id}
      rawId={rawId}
      query={profile}
      noun="participant"
      notFoundTitle="Participant not found"
      notFoundReason="They may have been deleted, or the link is wrong."
      loadingText="Loading participant..."
      backLink={backLink}
    >
      {children}
    </RecordGate>
  );
}
