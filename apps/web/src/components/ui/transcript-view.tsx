import { Box, Typography } from '@mui/material';
import { COACH_USER_ID } from '@recovery-portal/contract/conversations';
import type { TranscriptMessage } from '@recovery-portal/contract/conversations';

export type TranscriptViewProps = {
  messages: readonly TranscriptMessage[];
  /** Names the participant's bubbles (the coach's say 'Coach'). */
  participantName: string;
  /** Lets a toggle button point at the transcript with aria-controls. */
  id?: string;
  /** Accessible name of the list. */
  label?: string;
};

/**
 * A coach conversation as chat bubbles: the coach's messages (userId 'Coach') on the left, the
 * participant's on the right (spec §2).
 */
export function TranscriptView({
  messages,
  participantName,
  id,
  label = 'Transcript',
}: TranscriptViewProps) {
  return (
    <Box
      id={id}
      component="ol"
      aria-label={label}
      sx={{
        listStyle: 'none',
        p: 0,
        mt: 2,
        mb: 0,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
      }}
    >
      {messages.map((message, index) => {
        const fromCoach = message.userId === COACH_USER_ID;
        return (
          <Box
            component="li"
            key={index}
            data-sender={fromCoach ? 'coach' : 'participant'}
            sx={{
              alignSelf: fromCoach ? 'flex-start' : 'flex-end',
              maxWidth: '75%',
              px: 1.5,
              py: 1,
              borderRadius: 2,
              bgcolor: fromCoach ? 'grey.100' : 'primary.main',
              color: fromCoach ? 'text.primary' : 'primary.contrastText',
            }}
          >
            <Typography variant="caption" sx={{ display: 'block', fontWeight: 700 }}>
              {fromCoach ? 'Coach' : participantName}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
              {message.message}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
