import { lazy, useMemo, useState } from 'react';
import type { ParticipantIdentity } from '@recovery-portal/contract/participant-identity';
import { LoadWhenOpened } from '#app/components/ui/deferred.tsx';
import { DataTable, DETAILS_PREVIEW_ROWS } from '#app/components/ui/data-table.tsx';
import type { DataTableColumn } from '#app/components/ui/data-table.tsx';
import { SectionCard } from '#app/components/ui/section-card.tsx';
import {
  EXTRACT_WORD_LIMIT,
  formatDateTime,
  SUMMARY_WORD_LIMIT,
  truncateWords,
} from '#app/lib/format.ts';
import { useParticipantConversations } from '#app/features/conversations/api/get-participant-conversations.ts';
import { toConversationRow } from '#app/features/conversations/conversation-rows.ts';
import type { ConversationRow } from '#app/features/conversations/conversation-rows.ts';
import type { ConversationFocus } from '#app/features/conversations/conversation-focus.ts';

// Loads when first opened (DESIGN §7).
const ParticipantConversationDialog = lazy(async () => ({
  default: (await import('./participant-conversation-dialog')).ParticipantConversationDialog,
}));

const COLUMNS: readonly DataTableColumn<ConversationRow>[] = [
  {
    id: 'date',
    header: 'Date & Time',
    cell: (row) => formatDateTime(row.chat_end_date),
    sx: { whiteSpace: 'nowrap', verticalAlign: 'top' },
  },
  {
    id: 'summary',
    header: 'Summary',
    cell: (row) => truncateWords(row.summary, SUMMARY_WORD_LIMIT) || '-',
    sx: { verticalAlign: 'top' },
    stacked: 'full',
  },
  {
    id: 'extract',
    header: 'Extract',
    cell: (row) => truncateWords(row.extractText, EXTRACT_WORD_LIMIT) || '-',
    sx: { verticalAlign: 'top' },
    stacked: 'full',
  },
];

type ParticipantConversationsCardProps = {
  participantId: number;
  /** Named by first name in the title (spec §2), in full with identifiers in the dialog. */
  participant: ParticipantIdentity;
  /** A conversation to open on arrival with a passage pointed out (a flag's link). */
  focus?: ConversationFocus | null;
  /** The focused conversation's dialog closed. */
  onFocusClosed?: () => void;
};

/** Spec §2 'Coach conversation table on the profile': shown only with a conversation. */
export function ParticipantConversationsCard({
  participantId,
  participant,
  focus = null,
  onFocusClosed,
}: ParticipantConversationsCardProps) {
  const conversations = useParticipantConversations(participantId);
  const rows = useMemo(
    () => (conversations.data ?? []).map(toConversationRow),
    [conversations.data],
  );
  const [open, setOpen] = useState<ConversationRow | null>(null);
  const focused = focus ? rows.find((row) => row.id === focus.conversationId) : undefined;
  const shown = open ?? focused ?? null;
  if (rows.length === 0) return null;
  const title = `${participant.first_name} conversation with coach`;
  return (
    <SectionCard title={title}>
      <DataTable
        label={title}
        columns={COLUMNS}
        rows={rows}
        getRowId={(row) => row.id}
        onRowClick={setOpen}
        preview={DETAILS_PREVIEW_ROWS}
        size="small"
      />
      <LoadWhenOpened open={shown !== null}>
        <ParticipantConversationDialog
          conversation={shown}
          participant={participant}
          focus={open ? null : focus}
          onClose={() => {
            if (open) setOpen(null);
            else onFocusClosed?.();
          }}
        />
      </LoadWhenOpened>
    </SectionCard>
  );
}
