import { useId, useState, type ReactNode } from 'react';
import { Box, Button, DialogContent, Typography } from '@mui/material';
import type {
  ConversationMarker,
  TranscriptMessage,
} from '@recovery-portal/contract/conversations';
import type { ParticipantIdentity } from '@recovery-portal/contract/participant-identity';
import { DialogSection } from './dialog-section';
import { MarkerText } from './marker-text';
import { ParticipantBanner } from './participant-identity';
import { TranscriptView } from './transcript-view';
import { ViewDialog, ViewDialogTitle } from './view-dialog';
import { useLastNonNull } from '#app/lib/use-last-non-null.ts';

/** What the dialog shows, mapped by each screen from its own conversation shape. */
export type ConversationDialogContent = {
  /** Identifies the conversation; a new id resets the transcript toggle. */
  id: number;
  title: string;
  /** When the conversation ended, already formatted. */
  subtitle: string;
  summary: string;
  patientSummary: string;
  markers: readonly ConversationMarker[];
  messages: readonly TranscriptMessage[];
  /** Whom the conversation was with: named in full with two identifiers at the top. */
  participant: ParticipantIdentity;
  /** The part that depends on where the dialog opens from (reminders, profile details). */
  details: ReactNode;
  /**
   * A passage to point out (a flag's match): in the transcript message at `messageIndex`,
   * shown open, or in the markers when the index is null.
   */
  highlight?: { phrase: string; messageIndex: number | null } | null;
};

export type ConversationDialogProps = {
  /** The conversation to show; null closes the dialog. Pass a stable (memoised) object. */
  conversation: ConversationDialogContent | null;
  onClose: () => void;
};

/**
 * The 60vw coach-conversation dialog of spec §2: summaries, markers ('chest pain' in red), the
 * caller's details section, and the 'View full transcript' / 'Close transcript' toggle.
 */
export function ConversationDialog({ conversation, onClose }: ConversationDialogProps) {
  const titleId = useId();
  const shown = useLastNonNull(conversation);
  return (
    <ViewDialog
      open={conversation !== null}
      onClose={onClose}
      labelledBy={titleId}
      scroll="paper"
      paperSx={{ width: '60vw', maxWidth: '60vw', minWidth: { xs: '92vw', md: 0 } }}
    >
      {shown && <ConversationContent key={shown.id} conversation={shown} titleId={titleId} />}
    </ViewDialog>
  );
}

function ConversationContent({
  conversation,
  titleId,
}: {
  conversation: ConversationDialogContent;
  titleId: string;
}) {
  const highlight = conversation.highlight ?? null;
  const [showTranscript, setShowTranscript] = useState(
    highlight !== null && highlight.messageIndex !== null,
  );
  const transcriptId = useId();
  return (
    <>
      <ViewDialogTitle id={titleId} title={conversation.title} subtitle={conversation.subtitle} />
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
        <ParticipantBanner participant={conversation.participant} />
        <DialogSection title="Summary">
          <Typography sx={{ whiteSpace: 'pre-line' }}>{conversation.summary || '-'}</Typography>
        </DialogSection>
        <DialogSection title="Patient Summary">
          <Typography sx={{ whiteSpace: 'pre-line' }}>
            {conversation.patientSummary || '-'}
          </Typography>
        </DialogSection>
        <DialogSection title="Markers">
          {conversation.markers.length === 0 ? (
            <Typography>-</Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              {conversation.markers.map((marker, index) => (
                <li key={index}>
                  <MarkerText
                    text={marker.content}
                    extraPhrases={
                      highlight && highlight.messageIndex === null ? [highlight.phrase] : []
                    }
                  />
                </li>
              ))}
            </Box>
          )}
        </DialogSection>
        {conversation.details}
        <Box>
          <Button
            variant="outlined"
            aria-expanded={showTranscript}
            aria-controls={transcriptId}
            onClick={() => setShowTranscript((open) => !open)}
            disabled={conversation.messages.length === 0}
          >
            {showTranscript ? 'Close transcript' : 'View full transcript'}
          </Button>
          {showTranscript && (
            <TranscriptView
              id={transcriptId}
              messages={conversation.messages}
              participantName={conversation.participant.first_name}
              highlight={
                highlight && highlight.messageIndex !== null
                  ? { index: highlight.messageIndex, phrase: highlight.phrase }
                  : null
              }
            />
          )}
        </Box>
      </DialogContent>
    </>
  );
}

/** A two-column list of labelled values for the dialog's details section. */
export function DetailList({ items }: { items: readonly { label: string; value: ReactNode }[] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
        columnGap: 3,
        rowGap: 0.5,
        m: 0,
        '& dt': { color: 'text.secondary', fontWeight: 600 },
        '& dd': { m: 0 },
      }}
    >
      {items.map((item) => (
        <Box key={item.label} sx={{ display: 'contents' }}>
          <Box component="dt">{item.label}</Box>
          <Box component="dd">{item.value}</Box>
        </Box>
      ))}
    </Box>
  );
}
