import { useMemo } from 'react';
import {
  ConversationDialog,
  DetailList,
  type ConversationDialogContent,
} from '../../../components/ui/conversation-dialog';
import { DialogSection } from '../../../components/ui/dialog-section';
import { DATE_FORMATS, formatDate, MEDIUM_DATE_TIME_FORMAT } from '../../../lib/format';
import type { ConversationRow } from '../conversation-rows';
import type { ConversationFocus } from '../conversation-focus';

type ParticipantConversationDialogProps = {
  /** The conversation to show; null closes the dialog. */
  conversation: ConversationRow | null;
  firstName: string;
  onClose: () => void;
  /** A passage of this conversation to point out. */
  focus?: ConversationFocus | null;
};

function toDialogContent(
  conversation: ConversationRow,
  firstName: string,
  focus: ConversationFocus | null,
): ConversationDialogContent {
  return {
    id: conversation.id,
    highlight:
      focus && focus.conversationId === conversation.id && focus.highlight
        ? { phrase: focus.highlight, messageIndex: focus.messageIndex }
        : null,
    title: 'Conversation with coach',
    subtitle: formatDate(conversation.chat_end_date, MEDIUM_DATE_TIME_FORMAT),
    summary: conversation.summary,
    patientSummary: conversation.patient_summary,
    markers: conversation.markerList,
    messages: conversation.messages,
    participantName: firstName,
    details: (
      <DialogSection title="Reminders">
        <DetailList
          items={[
            {
              label: 'Appointments',
              value: conversation.next_visit_date
                ? `Next doctor visit on ${formatDate(conversation.next_visit_date, DATE_FORMATS.surveySchedule)}`
                : 'No doctor visit scheduled',
            },
            { label: 'Next Best Action', value: conversation.next_best_action || '-' },
          ]}
        />
      </DialogSection>
    ),
  };
}

/**
 * Spec §2 'Coach conversation table on the profile': the 60vw dialog with the summaries,
 * markers ('chest pain' in red), reminders and the transcript toggle.
 */
export function ParticipantConversationDialog({
  conversation,
  firstName,
  onClose,
  focus = null,
}: ParticipantConversationDialogProps) {
  const content = useMemo(
    () => conversation && toDialogContent(conversation, firstName, focus),
    [conversation, firstName, focus],
  );
  return <ConversationDialog conversation={content} onClose={onClose} />;
}
