import { useEffect, useId, useState } from 'react';
import { Box, Button, Typography } from '@mui/material';
import FilterList from '@mui/icons-material/FilterList';
import { useLocation, useNavigate } from 'react-router';
import { MESSAGES } from '@recovery-portal/contract/messages';
import type { Nudge } from '@recovery-portal/contract/nudges';
import { WEB_ROUTES } from '@recovery-portal/contract/paths';
import { PageToolbar } from '#app/components/layout/toolbar-slot.tsx';
import { DataTable } from '#app/components/ui/data-table.tsx';
import type { DataTableColumn } from '#app/components/ui/data-table.tsx';
import { FeedbackIcon } from '#app/components/ui/feedback-icon.tsx';
import { SearchBox } from '#app/components/ui/search-box.tsx';
import { ListSortMenu } from '#app/components/ui/sort-menu.tsx';
import { VisuallyHidden } from '#app/components/ui/visually-hidden.tsx';
import { ExportButton } from '#app/components/ui/export-button.tsx';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { formatDate } from '#app/lib/format.ts';
import { useNotify } from '#app/lib/notify.ts';
import { useExportNudges } from '#app/features/nudges/api/export-nudges.ts';
import { useNudges } from '#app/features/nudges/api/get-nudges.ts';
import {
  activeFilterCount,
  NUDGE_DATE_FORMAT,
  NUDGE_SORT_OPTIONS,
  NUDGE_STATUS_LABELS,
  useNudgeListState,
} from '#app/features/nudges/nudges-state.ts';
import type { NudgeListKey } from '#app/features/nudges/nudges-state.ts';
import { NudgeEffectivenessPanel } from './nudge-effectiveness-panel';
import { NudgeFilterPanel } from './nudge-filter-panel';
import type { NudgeFilters } from './nudge-filter-panel';

/** What a nudge details page needs to send the user back to the same list view. */
export type NudgeListLocationState = { listSearch: string };

const COLUMNS: readonly DataTableColumn<Nudge>[] = [
  {
    id: 'date',
    header: 'Date',
    cell: (nudge) => formatDate(nudge.target_date, NUDGE_DATE_FORMAT),
    sx: { whiteSpace: 'nowrap' },
  },
  {
    id: 'nudge',
    header: 'Nudge',
    cell: (nudge) => (
      <>
        <Typography component="span" variant="body2" sx={{ fontWeight: 700, display: 'block' }}>
          {nudge.title}
        </Typography>
        <Typography
          component="span"
          variant="body2"
          color="text.secondary"
          sx={{
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {nudge.content}
        </Typography>
      </>
    ),
    sx: { minWidth: 280 },
    stacked: 'title',
  },
  { id: 'participant', header: 'Participant', cell: (nudge) => nudge.participant_name },
  {
    id: 'send_time',
    header: 'Notification time',
    cell: (nudge) => nudge.send_time || '-',
    sx: { whiteSpace: 'nowrap' },
  },
  {
    id: 'status',
    header: 'Status',
    cell: (nudge) => NUDGE_STATUS_LABELS[nudge.tracking_type],
  },
  {
    id: 'feedback',
    header: 'Feedback',
    align: 'center',
    cell: (nudge) => <FeedbackIcon feedback={nudge.feedback_type} />,
  },
];

/** Spec §2 'Nudges list', with the Filter and Export that DESIGN §5 makes work. */
export function NudgesList() {
  const navigate = useNavigate();
  const location = useLocation();
  const notify = useNotify();
  const list = useNudgeListState();
  const { values, page, setValues, setPage, request } = list;
  const nudges = useNudges(request);
  const exportMutation = useExportNudges();

  useEffect(() => {
    if (nudges.isError) notify.error(MESSAGES.nudges.fetchError);
  }, [nudges.isError, nudges.errorUpdatedAt, notify]);

  const rows = nudges.isError ? [] : (nudges.data?.nudges ?? []);
  const total = nudges.isError ? 0 : (nudges.data?.total_number_of_records ?? 0);

  return (
    <>
      <PageToolbar>
        <ListSortMenu
          options={NUDGE_SORT_OPTIONS}
          values={values}
          onChange={setValues}
          // On a phone sort, Filter and Export share a line, the search gets the next.
          sx={{ minWidth: { xs: 0, sm: 220 }, flex: { xs: '1 1 140px', sm: '0 0 auto' } }}
        />
        <FilterButton
          filters={values}
          onApply={(filters) => setValues(filters)}
          activeCount={activeFilterCount(values)}
        />
        <ExportButton
          pending={exportMutation.isPending}
          onClick={() =>
            exportMutation.mutate(request, {
              onError: (error) => notify.error(errorMessage(error)),
            })
          }
        >
          Export
        </ExportButton>
        <Box sx={{ flexGrow: 1 }} />
        <SearchBox
          label="Search nudges"
          placeholder="Title, content or participant"
          sx={{ minWidth: { xs: 0, sm: 320 }, flexBasis: { xs: '100%', sm: 'auto' } }}
          value={values.search}
          onSearch={(search) => setValues({ search })}
        />
      </PageToolbar>
      <NudgeEffectivenessPanel
        query={{
          date_from: request.date_from ?? '',
          date_to: request.date_to ?? '',
          user_type: request.user_type ?? '',
        }}
      />
      <DataTable
        label="Nudges"
        columns={COLUMNS}
        rows={rows}
        getRowId={(nudge) => nudge.id}
        loading={nudges.isPending}
        fetching={nudges.isFetching}
        error={
          nudges.isError
            ? { message: MESSAGES.nudges.fetchError, onRetry: () => nudges.refetch() }
            : null
        }
        stale={nudges.isPlaceholderData}
        onRowClick={(nudge) => {
          const state: NudgeListLocationState = { listSearch: location.search };
          void navigate(`${WEB_ROUTES.nudgeDetails}/${nudge.id}`, { state });
        }}
        pagination={{ total, page, pageSize: request.page_size ?? 0, onPageChange: setPage }}
        sx={{ bgcolor: 'background.paper', borderRadius: 1 }}
      />
    </>
  );
}

function FilterButton({
  filters,
  onApply,
  activeCount,
}: {
  filters: Readonly<Record<NudgeListKey, string>>;
  onApply: (filters: NudgeFilters) => void;
  activeCount: number;
}) {
  const panelId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null;
  return (
    <>
      {/* Named by its own text, which starts with what it shows (WCAG 2.5.3): 'Filter', then
          the count of active filters in a badge after it, read as '2 active'. */}
      <Button
        variant="outlined"
        startIcon={<FilterList />}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Filter
        {activeCount > 0 ? (
          <>
            {' '}
            <Box
              component="span"
              sx={{
                ml: 1,
                minWidth: 20,
                height: 20,
                px: 0.75,
                borderRadius: 10,
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
                fontSize: '0.75rem',
                lineHeight: '20px',
                textAlign: 'center',
              }}
            >
              {activeCount}
            </Box>{' '}
            <VisuallyHidden>active</VisuallyHidden>
          </>
        ) : null}
      </Button>
      <NudgeFilterPanel
        id={panelId}
        anchorEl={anchor}
        open={open}
        filters={{
          status: filters.status,
          feedback: filters.feedback,
          date_from: filters.date_from,
          date_to: filters.date_to,
        }}
        onApply={(next) => {
          setAnchor(null);
          onApply(next);
        }}
        onClose={() => setAnchor(null)}
      />
    </>
  );
}
