import { useMemo } from 'react';
import { Link } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { CoachConversation } from '@recovery-portal/contract/coach';
import { fullName } from '@recovery-portal/contract/participant-identity';
import { WEB_ROUTES } from '@recovery-portal/contract/paths';
import {
  ConversationDialog,
  DetailList,
  type ConversationDialogContent,
} from '#app/components/ui/conversation-dialog.tsx';
import { formatDate, formatDateTime } from '#app/lib/format.ts';

type CoachConversationDialogProps = {
  /** The row to show; null closes the dialog. */
  conversation: CoachConversation | null;
  onClose: () => void;
};

function toDialogContent(conversation: CoachConversation): ConversationDialogContent {
  return {
    id: conversation.id,
    title: `Conversation with ${fullName(conversation)}`,
    subtitle: formatDateTime(conversation.ended_at),
    summary: conversation.summary,
    patientSummary: conversation.patient_summary,
    markers: conversation.markers,
    messages: conversation.transcript,
    participant: conversation,
    details: (
      <DetailList
        items={[
          {
            label: 'Profile id',
            value: (
              <Link
                component={RouterLink}
                to={`${WEB_ROUTES.participantDetails}/${conversation.participant_id}`}
              >
                {conversation.participant_id}
              </Link>
            ),
          },
          { label: 'First name', value: conversation.first_name },
          { label: 'Last name', value: conversation.last_name || '-' },
          { label: 'Next best action', value: conversation.next_best_action || '-' },
          {
            label: 'Next visit date',
            value: formatDate(conversation.next_visit_date, 'MMM DD, YYYY'),
          },
        ]}
      />
    ),
  };
}

/** The 60vw dialog a coach conversation row opens (spec §2 'Coach conversations list'). */
export function CoachConversationDialog({ conversation, onClose }: CoachConversationDialogProps) {
  const content = useMemo(() => conversation && toDialogContent(conversation), [conversation]);
  return <ConversationDialog conversation={content} onClose={onClose} />;
}
