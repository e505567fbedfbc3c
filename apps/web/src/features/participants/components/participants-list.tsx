import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Box, Button, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import AssignmentIndOutlined from '@mui/icons-material/AssignmentIndOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import PersonAddAlt from '@mui/icons-material/PersonAddAlt';
import { useNavigate } from 'react-router';
import { OUTCOME_EXPORT_MESSAGES } from '@recovery-portal/contract/cohort-export';
import { MESSAGES } from '@recovery-portal/contract/messages';
import {
  PARTICIPANT_PAGE_SIZE,
  PARTICIPANT_SORT_OPTIONS,
  PARTICIPANT_STATUS_FILTERS,
  participantsDeletedMessage,
  participantsDeleteFailedMessage,
} from '@recovery-portal/contract/participants';
import type { ParticipantListRow } from '@recovery-portal/contract/participants';
import { WEB_ROUTES } from '@recovery-portal/contract/paths';
import { PageHeading } from '#app/components/layout/page-heading.tsx';
import { PageToolbar } from '#app/components/layout/toolbar-slot.tsx';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { DataTable } from '#app/components/ui/data-table.tsx';
import type { RowId } from '#app/components/ui/data-table.tsx';
import { SearchBox } from '#app/components/ui/search-box.tsx';
import { ListSortMenu } from '#app/components/ui/sort-menu.tsx';
import { pageCount } from '#app/components/ui/paginator.tsx';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { useNotify } from '#app/lib/notify.ts';
import { FilterSwitch } from '#app/components/ui/filter-switch.tsx';
import { ExportButton } from '#app/components/ui/export-button.tsx';
import { useParticipantType } from '#app/lib/participant-type.ts';
import { useDeleteParticipants } from '#app/features/participants/api/delete-participants.ts';
import { useCohortExport } from '#app/features/participants/api/cohort-export.ts';
import { useParticipants } from '#app/features/participants/api/get-participants.ts';
import { useRemindParticipant } from '#app/features/participants/api/remind-participant.ts';
import { useResumeParticipant } from '#app/features/participants/api/resume-participant.ts';
import {
  FILTER_ON,
  statusUrlValueOf,
  useParticipantListState,
} from '#app/features/participants/participants-state.ts';
import { CohortFilter } from './cohort-filter';
import { NotReviewedFilter } from './not-reviewed-filter';
import { participantColumns, participantName } from './participant-columns';

// The form (selects, validation) loads when first opened, keeping the list's own chunk small.
const InviteParticipantDialog = lazy(async () => ({
  default: (await import('./invite-participant-dialog')).InviteParticipantDialog,
}));

const SORT_OPTIONS = PARTICIPANT_SORT_OPTIONS.map((option) => ({
  field: option.orderBy,
  direction: option.orderDirection,
  label: option.label,
}));

const STATUS_BUTTONS = PARTICIPANT_STATUS_FILTERS.map((filter) => ({
  value: statusUrlValueOf(filter.value),
  label: filter.label,
}));

/** The "Assign to…" dialog for the list's selection; `onAssigned` clears the selection. */
export type AssignDialogSlot = {
  open: boolean;
  participantIds: readonly number[];
  onClose: () => void;
  onAssigned: () => void;
};

/**
 * Spec §2 'Participants list', with the working Delete Selected Participant of DESIGN §5.
 * Assigning belongs to the care team, so the route hands its dialog in (`renderAssignDialog`).
 */
export function ParticipantsList({
  renderAssignDialog,
}: {
  renderAssignDialog: (slot: AssignDialogSlot) => ReactNode;
}) {
  const navigate = useNavigate();
  const notify = useNotify();
  const [participantType] = useParticipantType();
  const { values, page, setValues, setPage, status, query } = useParticipantListState();
  const participants = useParticipants(query);
  const remind = useRemindParticipant();
  const resume = useResumeParticipant();
  const deleteMany = useDeleteParticipants();
  const exportOutcomes = useCohortExport();
  const [inviteOpen, setInviteOpen] = useState(false);
  // Mounted from the first opening on, so closing still plays the dialog's exit transition.
  const [inviteUsed, setInviteUsed] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [assigning, setAssigning] = useState(false);

  useEffect(() => {
    if (participants.isError) notify.error(MESSAGES.participants.fetchError);
  }, [participants.isError, participants.errorUpdatedAt, notify]);

  const rows = participants.isError ? [] : (participants.data?.users ?? []);
  const total = participants.isError ? 0 : (participants.data?.total_participants ?? 0);

  // A page past the end (the last rows were deleted, or an old link): show the last page.
  const lastPage = pageCount(total, PARTICIPANT_PAGE_SIZE);
  const pastTheEnd = !participants.isPlaceholderData && total > 0 && page > lastPage;
  useEffect(() => {
    if (pastTheEnd) setPage(lastPage, { replace: true });
  }, [pastTheEnd, lastPage, setPage]);

  // The selection belongs to one view: another page, filter or sort starts with none, so a
  // delete never touches rows the clinician cannot see.
  const viewKey = JSON.stringify(query);
  const [selection, setSelection] = useState<{ view: string; ids: ReadonlySet<RowId> }>({
    view: viewKey,
    ids: new Set(),
  });
  const shownIds = new Set<RowId>(rows.map((row) => row.id));
  const selected = new Set(
    selection.view === viewKey ? [...selection.ids].filter((id) => shownIds.has(id)) : [],
  );
  const selectedIds = [...selected].filter((id): id is number => typeof id === 'number');

  const pendingId =
    (remind.isPending ? remind.variables : null) ?? (resume.isPending ? resume.variables : null);

  const columns = participantColumns(status, {
    pendingId: pendingId ?? null,
    onRemind: (row) =>
      remind.mutate(row.id, {
        onSuccess: () => notify.success(MESSAGES.participants.remindSuccess, 'snackbar'),
        onError: () => notify.error(MESSAGES.participants.remindError),
      }),
    onReactivate: (row) =>
      resume.mutate(row.id, {
        onSuccess: () => notify.success(MESSAGES.participants.reactivateSuccess, 'snackbar'),
        onError: () => notify.error(MESSAGES.participants.reactivateError),
      }),
  });

  const deleteSelected = () => {
    deleteMany.mutate(selectedIds, {
      onSuccess: ({ deleted, failed }) => {
        setConfirmDelete(false);
        setSelection({ view: viewKey, ids: new Set(failed.map((failure) => failure.id)) });
        if (deleted.length > 0) {
          notify.success(participantsDeletedMessage(deleted.length), 'snackbar');
        }
        if (failed.length > 0) {
          notify.error(participantsDeleteFailedMessage(failed.length, selectedIds.length));
        }
      },
      onError: () => {
        setConfirmDelete(false);
        notify.error(MESSAGES.participants.deleteError);
      },
    });
  };

  return (
    <>
      <PageToolbar>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          aria-label="Participant status"
          value={statusUrlValueOf(status)}
          onChange={(_event, value: unknown) => {
            // Clicking the pressed button would clear the choice; a status is always chosen.
            const next = STATUS_BUTTONS.find((button) => button.value === value);
            if (next) setValues({ status: next.value });
          }}
        >
          {STATUS_BUTTONS.map((button) => (
            <ToggleButton key={button.value} value={button.value} sx={{ px: 2 }}>
              {button.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <ListSortMenu
          options={SORT_OPTIONS}
          values={values}
          onChange={setValues}
          // Narrower on a laptop so status, sort, review filter and search share one line.
          sx={{ minWidth: { xs: 210, lg: 260 } }}
        />
        <NotReviewedFilter
          value={values.notReviewed}
          onChange={(notReviewed) => setValues({ notReviewed })}
        />
        <FilterSwitch
          label="Mine"
          checked={values.mine === FILTER_ON}
          onChange={(on) => setValues({ mine: on ? FILTER_ON : '' })}
        />
        <FilterSwitch
          label="Overdue tasks"
          checked={values.overdue === FILTER_ON}
          onChange={(on) => setValues({ overdue: on ? FILTER_ON : '' })}
        />
        <Box sx={{ flexGrow: 1 }} />
        <SearchBox
          label="Search participants"
          placeholder="Name, email or MRN"
          value={values.search}
          onSearch={(search) => setValues({ search })}
        />
      </PageToolbar>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'flex-end',
          gap: 1.5,
          mb: 2,
        }}
      >
        <Box sx={{ flexGrow: 1, '& h1': { mb: 0 } }}>
          <PageHeading title="Participants" />
        </Box>
        <ExportButton
          pending={exportOutcomes.isPending}
          onClick={() =>
            exportOutcomes.mutate(query, {
              onSuccess: (fileName) =>
                notify.success(OUTCOME_EXPORT_MESSAGES.downloaded(fileName), 'snackbar'),
              onError: (error) => notify.error(errorMessage(error)),
            })
          }
        >
          {OUTCOME_EXPORT_MESSAGES.button}
        </ExportButton>
        {selectedIds.length > 0 && (
          <Typography variant="body2" color="text.secondary" role="status">
            {selectedIds.length} selected
          </Typography>
        )}
        <Button
          variant="outlined"
          startIcon={<AssignmentIndOutlined />}
          disabled={selectedIds.length === 0}
          onClick={() => setAssigning(true)}
        >
          Assign to…
        </Button>
        <Button
          variant="outlined"
          color="error"
          startIcon={<DeleteOutlined />}
          disabled={selectedIds.length === 0}
          onClick={() => setConfirmDelete(true)}
        >
          Delete Selected Participant
        </Button>
        <Button
          variant="contained"
          startIcon={<PersonAddAlt />}
          onClick={() => {
            setInviteUsed(true);
            setInviteOpen(true);
          }}
        >
          Invite New Participant
        </Button>
      </Box>
      <Box sx={{ mb: 2 }}>
        <CohortFilter values={values} onChange={setValues} />
      </Box>
      <DataTable<ParticipantListRow>
        label="Participants"
        columns={columns}
        rows={rows}
        getRowId={(row) => row.id}
        loading={participants.isPending}
        fetching={participants.isFetching}
        error={
          participants.isError
            ? { message: MESSAGES.participants.fetchError, onRetry: () => participants.refetch() }
            : null
        }
        stale={participants.isPlaceholderData}
        onRowClick={(row) => void navigate(`${WEB_ROUTES.participantDetails}/${row.id}`)}
        selection={{
          selected,
          onChange: (ids) => setSelection({ view: viewKey, ids }),
          getRowLabel: (row) => `Select ${participantName(row)}`,
        }}
        pagination={{ total, page, pageSize: PARTICIPANT_PAGE_SIZE, onPageChange: setPage }}
        size="small"
        sx={{
          bgcolor: 'background.paper',
          borderRadius: 1,
          // Fourteen columns: half the usual cell padding lets them fit a 1440px screen.
          '& .MuiTableCell-root:not(.MuiTableCell-paddingCheckbox)': { px: 1 },
        }}
      />
      <ConfirmDialog
        open={confirmDelete}
        title={MESSAGES.participants.confirmDeleteTitle}
        body={MESSAGES.participants.confirmDeleteBody}
        destructive
        pending={deleteMany.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={deleteSelected}
      />
      {renderAssignDialog({
        open: assigning,
        participantIds: selectedIds,
        onClose: () => setAssigning(false),
        onAssigned: () => setSelection({ view: viewKey, ids: new Set() }),
      })}
      {inviteUsed && (
        <Suspense fallback={null}>
          <InviteParticipantDialog
            open={inviteOpen}
            defaultType={participantType}
            onClose={() => setInviteOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
