import { Box, Typography } from '@mui/material';
import type { SxProps, Theme } from '@mui/material';
import {
  fullName,
  identifiersText,
  type ParticipantIdentity,
} from '@recovery-portal/contract/participant-identity';

/**
 * Whom a dialog or an action is about, as hospitals require it: the full name, then the date
 * of birth and the clinic's record number, set apart so that it is read before acting.
 */
export function ParticipantBanner({
  participant,
  sx,
}: {
  participant: ParticipantIdentity;
  sx?: SxProps<Theme>;
}) {
  return (
    <Box
      role="group"
      aria-label="Participant"
      sx={[
        {
          px: 1.5,
          py: 1,
          borderRadius: 1,
          borderLeft: 3,
          borderColor: 'primary.main',
          bgcolor: 'action.hover',
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
        {fullName(participant)}
      </Typography>
      <ParticipantIdentifiers participant={participant} />
    </Box>
  );
}

/** The second identifiers on a line of their own: 'DOB Mar 02, 1961 · MRN 0012345'. */
export function ParticipantIdentifiers({
  participant,
}: {
  participant: Pick<ParticipantIdentity, 'birth_date' | 'mrn'>;
}) {
  return (
    <Typography
      component="span"
      variant="body2"
      color="text.secondary"
      sx={{ display: 'block', overflowWrap: 'anywhere' }}
    >
      {identifiersText(participant)}
    </Typography>
  );
}
