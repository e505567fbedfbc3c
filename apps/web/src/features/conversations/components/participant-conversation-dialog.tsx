import { useId, useState } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import { DialogSection } from '../../../components/ui/dialog-section';
import { MarkerText } from '../../../components/ui/marker-text';
import { TranscriptView } from '../../../components/ui/transcript-view';
import { DATE_FORMATS, formatDate, MEDIUM_DATE_TIME_FORMAT } from '../../../lib/format';
import type { ConversationRow } from '../conversation-rows';

type ParticipantConversationDialogProps = {
  /** The conversation to show; null closes the dialog. */
  conversation: ConversationRow | null;
  firstName: string;
  onClose: () => void;
};

/**
 * Spec §2 'Coach conversation table on the profile': the 60vw dialog with the summaries,
 * markers ('chest pain' in red), reminders and the transcript toggle.
 */
export function ParticipantConversationDialog({
  conversation,
  firstName,
  onClose,
}: ParticipantConversationDialogProps) {
  const titleId = useId();
  // Keep showing the last conversation while the dialog animates closed.
  const [shown, setShown] = useState(conversation);
  if (conversation !== null && conversation !== shown) setShown(conversation);
  return (
    <Dialog
      open={conversation !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      scroll="paper"
      slotProps={{
        paper: { sx: { width: '60vw', maxWidth: '60vw', minWidth: { xs: '92vw', md: 0 } } },
      }}
    >
      {shown && (
        <ConversationContent
          key={shown.id}
          conversation={shown}
          firstName={firstName}
          titleId={titleId}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function ConversationContent({
  conversation,
  firstName,
  titleId,
  onClose,
}: {
  conversation: ConversationRow;
  firstName: string;
  titleId: string;
  onClose: () => void;
}) {
  const [showTranscript, setShowTranscript] = useState(false);
  const transcriptId = useId();
  return (
    <>
      <DialogTitle id={titleId}>
        Conversation with coach
        <Typography
          component="span"
          variant="body2"
          color="text.secondary"
          sx={{ display: 'block' }}
        >
          {formatDate(conversation.chat_end_date, MEDIUM_DATE_TIME_FORMAT)}
        </Typography>
      </DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
        <DialogSection title="Summary">
          <Typography sx={{ whiteSpace: 'pre-line' }}>{conversation.summary || '-'}</Typography>
        </DialogSection>
        <DialogSection title="Patient Summary">
          <Typography sx={{ whiteSpace: 'pre-line' }}>
            {conversation.patient_summary || '-'}
          </Typography>
        </DialogSection>
        <DialogSection title="Markers">
          {conversation.markerList.length === 0 ? (
            <Typography>-</Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              {conversation.markerList.map((marker, index) => (
                <li key={index}>
                  <MarkerText text={marker.content} />
                </li>
              ))}
            </Box>
          )}
        </DialogSection>
        <DialogSection title="Reminders">
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
            <Box component="dt">Appointments</Box>
            <Box component="dd">
              {conversation.next_visit_date
                ? `Next doctor visit on ${formatDate(
                    conversation.next_visit_date,
                    DATE_FORMATS.surveySchedule,
                  )}`
                : 'No doctor visit scheduled'}
            </Box>
            <Box component="dt">Next Best Action</Box>
            <Box component="dd">{conversation.next_best_action || '-'}</Box>
          </Box>
        </DialogSection>

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
              participantName={firstName}
            />
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </>
  );
}
