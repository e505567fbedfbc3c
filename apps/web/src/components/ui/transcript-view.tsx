import { useEffect, useRef } from 'react';
import { Box, Typography } from '@mui/material';
import { COACH_USER_ID } from '@recovery-portal/contract/conversations';
import type { TranscriptMessage } from '@recovery-portal/contract/conversations';
import { HighlightText } from './highlight-text';

export type TranscriptViewProps = {
  messages: readonly TranscriptMessage[];
  /** Names the participant's bubbles (the coach's say 'Coach'). */
  participantName: string;
  /** Lets a toggle button point at the transcript with aria-controls. */
  id?: string;
  /** Accessible name of the list. */
  label?: string;
  /** A message to point out: outlined, scrolled into view, with `phrase` marked in it. */
  highlight?: { index: number; phrase: string } | null;
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
  highlight = null,
}: TranscriptViewProps) {
  const highlighted = useRef<HTMLLIElement>(null);
  const highlightIndex = highlight?.index ?? null;
  useEffect(() => {
    // jsdom has no scrollIntoView; browsers bring the pointed-out message into view.
    highlighted.current?.scrollIntoView?.({ block: 'center' });
  }, [highlightIndex]);
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
        const isHighlighted = index === highlightIndex;
        return (
          <Box
            component="li"
            key={index}
            ref={isHighlighted ? highlighted : undefined}
            data-sender={fromCoach ? 'coach' : 'participant'}
            data-highlighted={isHighlighted ? 'true' : undefined}
            sx={{
              ...(isHighlighted && {
                outline: 3,
                outlineColor: 'warning.main',
                outlineOffset: 2,
              }),
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
              {isHighlighted && highlight ? (
                <HighlightText
                  text={message.message}
                  phrases={[highlight.phrase]}
                  markSx={{
                    bgcolor: '#fff3c4',
                    color: 'text.primary',
                    px: 0.25,
                    borderRadius: 0.5,
                  }}
                />
              ) : (
                message.message
              )}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
