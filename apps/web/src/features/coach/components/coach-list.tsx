import { useEffect, useState } from 'react';
import { Box } from '@mui/material';
import type { CoachConversation } from '@recovery-portal/contract/coach';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { fullName } from '@recovery-portal/contract/participant-identity';
import { PageToolbar } from '#app/components/layout/toolbar-slot.tsx';
import { DataTable } from '#app/components/ui/data-table.tsx';
import type { DataTableColumn } from '#app/components/ui/data-table.tsx';
import { SearchBox } from '#app/components/ui/search-box.tsx';
import { ListSortMenu } from '#app/components/ui/sort-menu.tsx';
import { ParticipantIdentifiers } from '#app/components/ui/participant-identity.tsx';
import { formatDateTime, truncateWords } from '#app/lib/format.ts';
import { useNotify } from '#app/lib/notify.ts';
import { useCoachConversations } from '#app/features/coach/api/get-coach-conversations.ts';
import { COACH_SORT_OPTIONS, useCoachListState } from '#app/features/coach/coach-state.ts';
import { CoachConversationDialog } from './coach-conversation-dialog';

/** Spec §9: summaries show 13 words, the markers' extract 10. */
const SUMMARY_WORDS = 13;
const EXTRACT_WORDS = 10;

const COLUMNS: readonly DataTableColumn<CoachConversation>[] = [
  {
    id: 'date',
    header: 'Date',
    cell: (row) => formatDateTime(row.ended_at),
    sx: { whiteSpace: 'nowrap' },
  },
  {
    id: 'summary',
    header: 'Summary',
    cell: (row) => truncateWords(row.summary, SUMMARY_WORDS),
    stacked: 'full',
  },
  {
    id: 'participant',
    header: 'Participant',
    // The full name with a second identifier: first names alone repeat across a programme.
    cell: (row) => (
      <>
        <Box component="span" sx={{ display: 'block', fontWeight: 500 }}>
          {fullName(row)}
        </Box>
        <ParticipantIdentifiers participant={row} />
      </>
    ),
    stacked: 'title',
  },
  {
    id: 'extract',
    header: 'Extract',
    cell: (row) => truncateWords(row.extract, EXTRACT_WORDS) || '-',
    stacked: 'full',
  },
];

/** Spec §2 'Coach conversations list'. */
export function CoachList() {
  const notify = useNotify();
  const { values, page, setValues, setPage, request } = useCoachListState();
  const conversations = useCoachConversations(request);
  const [open, setOpen] = useState<CoachConversation | null>(null);

  useEffect(() => {
    if (conversations.isError) notify.error(MESSAGES.coach.fetchError);
  }, [conversations.isError, conversations.errorUpdatedAt, notify]);

  const rows = conversations.isError ? [] : (conversations.data?.chat_list ?? []);
  const total = conversations.isError ? 0 : (conversations.data?.total_number_of_records ?? 0);

  return (
    <>
      <PageToolbar>
        <ListSortMenu options={COACH_SORT_OPTIONS} values={values} onChange={setValues} />
        <Box sx={{ flexGrow: 1 }} />
        <SearchBox
          label="Search conversations"
          placeholder="Summary or participant"
          value={values.search}
          onSearch={(search) => setValues({ search })}
        />
      </PageToolbar>
      <DataTable
        label="Coach conversations"
        columns={COLUMNS}
        rows={rows}
        getRowId={(row) => row.id}
        loading={conversations.isPending}
        fetching={conversations.isFetching}
        error={
          conversations.isError
            ? { message: MESSAGES.coach.fetchError, onRetry: () => conversations.refetch() }
            : null
        }
        stale={conversations.isPlaceholderData}
        onRowClick={setOpen}
        pagination={{ total, page, pageSize: request.page_size ?? 0, onPageChange: setPage }}
        sx={{ bgcolor: 'background.paper', borderRadius: 1 }}
      />
      <CoachConversationDialog conversation={open} onClose={() => setOpen(null)} />
    </>
  );
}
