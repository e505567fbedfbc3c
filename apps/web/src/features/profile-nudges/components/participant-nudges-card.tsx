import { lazy, useMemo, useState } from 'react';
import { Typography } from '@mui/material';
import { LoadWhenOpened } from '#app/components/ui/deferred.tsx';
import { DataTable, DETAILS_PREVIEW_ROWS } from '#app/components/ui/data-table.tsx';
import type { DataTableColumn } from '#app/components/ui/data-table.tsx';
import { FeedbackIcon } from '#app/components/ui/feedback-icon.tsx';
import { SectionCard } from '#app/components/ui/section-card.tsx';
import { DATE_FORMATS, formatDate } from '#app/lib/format.ts';
import { useUserNudges } from '#app/features/profile-nudges/api/get-user-nudges.ts';
import {
  PROFILE_NUDGE_PAGE_SIZE,
  PROFILE_NUDGE_STATUS_LABELS,
  toProfileNudgeRows,
} from '#app/features/profile-nudges/profile-nudges.ts';
import type { ProfileNudgeRow } from '#app/features/profile-nudges/profile-nudges.ts';

// Loads when first opened (DESIGN §7).
const ProfileNudgeDialog = lazy(async () => ({
  default: (await import('./profile-nudge-dialog')).ProfileNudgeDialog,
}));

const COLUMNS: readonly DataTableColumn<ProfileNudgeRow>[] = [
  {
    id: 'date',
    header: 'Date',
    cell: (nudge) => formatDate(nudge.target_date, DATE_FORMATS.surveySchedule),
    sx: { whiteSpace: 'nowrap', verticalAlign: 'top' },
  },
  {
    id: 'nudge',
    header: 'Nudge',
    cell: (nudge) => (
      <>
        <Typography component="span" variant="body2" sx={{ fontWeight: 700, display: 'block' }}>
          {nudge.title}
        </Typography>
        <Typography component="span" variant="body2" color="text.secondary">
          {nudge.content}
        </Typography>
      </>
    ),
    sx: { minWidth: 240 },
    stacked: 'full',
  },
  {
    id: 'status',
    header: 'Status',
    cell: (nudge) => PROFILE_NUDGE_STATUS_LABELS[nudge.tracking_type],
    sx: { verticalAlign: 'top' },
  },
  {
    id: 'feedback',
    header: 'Feedback',
    align: 'center',
    cell: (nudge) => <FeedbackIcon feedback={nudge.feedback_type_string} />,
    sx: { verticalAlign: 'top' },
  },
];

type ParticipantNudgesCardProps = { participantId: number; firstName: string };

/**
 * Spec §2 'Nudge card on the profile': newest first, 50 a page. Shown only when the participant
 * has nudges; the call has only a success path, so a failed load hides the card too (spec §7).
 */
export function ParticipantNudgesCard({ participantId, firstName }: ParticipantNudgesCardProps) {
  const nudges = useUserNudges(participantId);
  const rows = useMemo(() => toProfileNudgeRows(nudges.data), [nudges.data]);
  const [page, setPage] = useState(1);
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  if (rows.length === 0) return null;

  const pageCount = Math.ceil(rows.length / PROFILE_NUDGE_PAGE_SIZE);
  const currentPage = Math.min(page, pageCount);
  const start = (currentPage - 1) * PROFILE_NUDGE_PAGE_SIZE;
  const title = `${firstName} is receiving the following nudges`;
  return (
    <SectionCard title={title}>
      <DataTable
        label={title}
        columns={COLUMNS}
        rows={rows.slice(start, start + PROFILE_NUDGE_PAGE_SIZE)}
        getRowId={(nudge) => nudge.id}
        onRowClick={(nudge) => setOpenIndex(nudge.id)}
        stickyHeader
        preview={DETAILS_PREVIEW_ROWS}
        size="small"
        pagination={{
          total: rows.length,
          page: currentPage,
          pageSize: PROFILE_NUDGE_PAGE_SIZE,
          onPageChange: setPage,
          label: 'Nudges pagination',
        }}
      />
      <LoadWhenOpened open={openIndex !== null}>
        <ProfileNudgeDialog
          nudges={rows}
          index={openIndex}
          onIndexChange={setOpenIndex}
          onClose={() => setOpenIndex(null)}
        />
      </LoadWhenOpened>
    </SectionCard>
  );
}
