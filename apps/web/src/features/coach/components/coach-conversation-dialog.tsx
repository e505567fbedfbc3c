import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { CoachConversation } from '@recovery-portal/contract/coach';
import { WEB_ROUTES } from '@recovery-portal/contract/paths';
import { DialogSection } from '../../../components/ui/dialog-section';
import { MarkerText } from '../../../components/ui/marker-text';
import { TranscriptView } from '../../../components/ui/transcript-view';
import { formatDate } from '../../../lib/format';

export const COACH_DATE_TIME_FORMAT = 'MMM DD, YYYY hh:mm A';

type CoachConversationDialogProps = {
  /** The row to show; null closes the dialog. */
  conversation: CoachConversation | null;
  onClose: () => void;
};

/** The 60vw dialog a coach conversation row opens (spec §2 'Coach conversations list'). */
export function CoachConversationDialog({ conversation, onClose }: CoachConversationDialogProps) {
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
          titleId={titleId}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function ConversationContent({
  conversation,
  titleId,
  onClose,
}: {
  conversation: CoachConversation;
  titleId: string;
  onClose: () => void;
}) {
  const [showTranscript, setShowTranscript] = useState(false);
  const transcriptId = useId();
  return (
    <>
      <DialogTitle id={titleId}>
        Conversation with {conversation.first_name}
        <Typography
          component="span"
          variant="body2"
          color="text.secondary"
          sx={{ display: 'block' }}
        >
          {formatDate(conversation.ended_at, COACH_DATE_TIME_FORMAT)}
        </Typography>
      </DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
            columnGap: 3,
            rowGap: 1,
            m: 0,
            '& dt': { color: 'text.secondary', fontWeight: 600 },
            '& dd': { m: 0 },
          }}
        >
          <Term label="Profile id">
            <Link
              component={RouterLink}
              to={`${WEB_ROUTES.participantDetails}/${conversation.participant_id}`}
            >
              {conversation.participant_id}
            </Link>
          </Term>
          <Term label="First name">{conversation.first_name}</Term>
          <Term label="Next best action">{conversation.next_best_action || '-'}</Term>
          <Term label="Next visit date">
            {formatDate(conversation.next_visit_date, 'MMM DD, YYYY')}
          </Term>
        </Box>

        <DialogSection title="Summary">
          <Typography sx={{ whiteSpace: 'pre-line' }}>{conversation.summary || '-'}</Typography>
        </DialogSection>
        <DialogSection title="Patient Summary">
          <Typography sx={{ whiteSpace: 'pre-line' }}>
            {conversation.patient_summary || '-'}
          </Typography>
        </DialogSection>
        <DialogSection title="Markers">
          {conversation.markers.length === 0 ? (
            <Typography>-</Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              {conversation.markers.map((marker, index) => (
                <li key={index}>
                  <MarkerText text={marker.content} />
                </li>
              ))}
            </Box>
          )}
        </DialogSection>

        <Box>
          <Button
            variant="outlined"
            aria-expanded={showTranscript}
            aria-controls={transcriptId}
            onClick={() => setShowTranscript((shown) => !shown)}
            disabled={conversation.transcript.length === 0}
          >
            {showTranscript ? 'Close transcript' : 'View full transcript'}
          </Button>
          {showTranscript && (
            <TranscriptView
              id={transcriptId}
              messages={conversation.transcript}
              participantName={conversation.first_name}
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

function Term({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Box component="dt">{label}</Box>
      <Box component="dd">{children}</Box>
    </>
  );
}
