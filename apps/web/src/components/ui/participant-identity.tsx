import { Fragment } from 'react';
import { Box, Typography } from '@mui/material';
import type { SxProps, Theme, TypographyProps } from '@mui/material';
import {
  fullName,
  identifierParts,
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

/**
 * The second identifiers on a line of their own: 'DOB Mar 02, 1961 · MRN 0012345'. A narrow
 * column breaks the line only between them, never inside a date or a record number.
 */
export function ParticipantIdentifiers({
  participant,
  variant = 'body2',
}: {
  participant: Pick<ParticipantIdentity, 'birth_date' | 'mrn'>;
  variant?: TypographyProps['variant'];
}) {
  return (
    <Typography component="span" variant={variant} color="text.secondary" sx={{ display: 'block' }}>
      {identifierParts(participant).map((part, index) => (
        <Fragment key={part}>
          {index > 0 && ' · '}
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {part}
          </Box>
        </Fragment>
      ))}
    </Typography>
  );
}
