import type { ReactNode } from 'react';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { Link as RouterLink } from 'react-router';
import { WEB_ROUTES } from '@recovery-portal/contract/paths';
import type { ParticipantProfile } from '@recovery-portal/contract/profile';
import { ApiError, errorMessage } from '#app/lib/api/api-error.ts';
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

/**
 * Loads the participant named in the URL and shows the page only for one that exists: a
 * malformed id or an unknown participant says so plainly, and any other failure looks like one.
 */
export function ParticipantProfileGate({ rawId, children }: ParticipantProfileGateProps) {
  const id = parseParticipantId(rawId);
  const profile = useParticipantProfile(id);

  const notFound =
    id === null || (profile.error instanceof ApiError && profile.error.status === 404);
  if (notFound) {
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Alert severity="warning" role="status">
          <Typography component="h2" variant="h3" sx={{ mb: 0.5 }}>
            Participant not found
          </Typography>
          There is no participant with the id {rawId ?? ''}. They may have been deleted, or the link
          is wrong.
        </Alert>
        {backLink}
      </Box>
    );
  }

  if (profile.isError && !profile.data) {
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void profile.refetch()}>
              Retry
            </Button>
          }
        >
          {errorMessage(profile.error)}
        </Alert>
        {backLink}
      </Box>
    );
  }

  if (!profile.data) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }} role="status">
        <CircularProgress size={20} aria-hidden="true" />
        <Typography>Loading participant...</Typography>
      </Box>
    );
  }

  return children(profile.data);
}
