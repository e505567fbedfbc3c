import { useMemo } from 'react';
import {
  ConversationDialog,
  DetailList,
  type ConversationDialogContent,
} from '#app/components/ui/conversation-dialog.tsx';
import type { ParticipantIdentity } from '@recovery-portal/contract/participant-identity';
import { DialogSection } from '#app/components/ui/dialog-section.tsx';
import { DATE_FORMATS, formatDate, formatDateTime } from '#app/lib/format.ts';
import type { ConversationRow } from '#app/features/conversations/conversation-rows.ts';
import type { ConversationFocus } from '#app/features/conversations/conversation-focus.ts';

type ParticipantConversationDialogProps = {
  /** The conversation to show; null closes the dialog. */
  conversation: ConversationRow | null;
  participant: ParticipantIdentity;
  onClose: () => void;
  /** A passage of this conversation to point out. */
  focus?: ConversationFocus | null;
};

function toDialogContent(
  conversation: ConversationRow,
  participant: ParticipantIdentity,
  focus: ConversationFocus | null,
): ConversationDialogContent {
  return {
    id: conversation.id,
    highlight:
      focus && focus.conversationId === conversation.id && focus.highlight
        ? { phrase: focus.highlight, messageIndex: focus.messageIndex }
        : null,
    title: 'Conversation with coach',
    subtitle: formatDateTime(conversation.chat_end_date),
    summary: conversation.summary,
    patientSummary: conversation.patient_summary,
    markers: conversation.markerList,
    messages: conversation.messages,
    participant,
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
  participant,
  onClose,
  focus = null,
}: ParticipantConversationDialogProps) {
  const content = useMemo(
    () => conversation && toDialogContent(conversation, participant, focus),
    [conversation, participant, focus],
  );
  return <ConversationDialog conversation={content} onClose={onClose} />;
}
