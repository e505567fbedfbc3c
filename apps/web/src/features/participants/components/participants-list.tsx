import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Box, Button, Typography } from '@mui/material';
import AssignmentIndOutlined from '@mui/icons-material/AssignmentIndOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import PersonAddAlt from '@mui/icons-material/PersonAddAlt';
import { useNavigate } from 'react-router';
import { OUTCOME_EXPORT_MESSAGES } from '@recovery-portal/contract/cohort-export';
import { MESSAGES } from '@recovery-portal/contract/messages';
import {
  PARTICIPANT_PAGE_SIZE,
  participantsDeletedMessage,
  participantsDeleteFailedMessage,
} from '@recovery-portal/contract/participants';
import type { ParticipantListRow } from '@recovery-portal/contract/participants';
import { WEB_ROUTES } from '@recovery-portal/contract/paths';
import { PageHeading } from '#app/components/layout/page-heading.tsx';
import { ColumnChooser, useColumnChoice } from '#app/components/ui/column-chooser.tsx';
import { COMPACT_BUTTONS_ON_PHONE } from '#app/components/ui/compact-buttons.ts';
import { DataTable } from '#app/components/ui/data-table.tsx';
import type { RowId } from '#app/components/ui/data-table.tsx';
import { useFiltersFolded } from '#app/components/ui/filter-fold.tsx';
import { pageCount } from '#app/components/ui/paginator.tsx';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { useNotify } from '#app/lib/notify.ts';
import { ExportButton } from '#app/components/ui/export-button.tsx';
import { useParticipantType } from '#app/lib/participant-type.ts';
import { useOpenedOnce } from '#app/lib/use-opened-once.ts';
import { useDeleteParticipants } from '#app/features/participants/api/delete-participants.ts';
import { useCohortExport } from '#app/features/participants/api/cohort-export.ts';
import { useParticipants } from '#app/features/participants/api/get-participants.ts';
import { useRemindParticipant } from '#app/features/participants/api/remind-participant.ts';
import { useResumeParticipant } from '#app/features/participants/api/resume-participant.ts';
import { useParticipantListState } from '#app/features/participants/participants-state.ts';
import { CohortFilter } from './cohort-filter';
import { participantColumns, participantName } from './participant-columns';
import { ParticipantsToolbar } from './participants-toolbar';

// Dialogs load when first opened (the form with its selects and validation, the delete
// question), keeping them out of the list's first load (DESIGN §7).
const InviteParticipantDialog = lazy(async () => ({
  default: (await import('./invite-participant-dialog')).InviteParticipantDialog,
}));
const ConfirmDialog = lazy(async () => ({
  default: (await import('#app/components/ui/confirm-dialog.tsx')).ConfirmDialog,
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
  const folded = useFiltersFolded();
  const participants = useParticipants(query);
  const remind = useRemindParticipant();
  const resume = useResumeParticipant();
  const deleteMany = useDeleteParticipants();
  const exportOutcomes = useCohortExport();
  const [inviteOpen, setInviteOpen] = useState(false);
  const inviteUsed = useOpenedOnce(inviteOpen);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const confirmUsed = useOpenedOnce(confirmDelete);
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

  const columns = useColumnChoice(
    'participants',
    participantColumns(status, {
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
    }),
  );

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
      <ParticipantsToolbar values={values} setValues={setValues} status={status} folded={folded} />
      <Box
        sx={[
          {
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: { xs: 'flex-start', sm: 'flex-end' },
            gap: { xs: 1, sm: 1.5 },
            mb: 2,
          },
          // On a phone the buttons go under the heading, smaller, so the list starts sooner.
          COMPACT_BUTTONS_ON_PHONE,
        ]}
      >
        <Box sx={{ flexGrow: 1, flexBasis: { xs: '100%', sm: 'auto' }, '& h1': { mb: 0 } }}>
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
          onClick={() => setInviteOpen(true)}
        >
          Invite New Participant
        </Button>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, mb: 2 }}>
        {/* Folded, the cohort is among the toolbar's filters. */}
        {!folded && <CohortFilter values={values} onChange={setValues} />}
        <Box sx={{ flexGrow: 1 }} />
        <ColumnChooser choice={columns} />
      </Box>
      <DataTable<ParticipantListRow>
        label="Participants"
        columns={columns.columns}
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
          // Many columns: half the usual cell padding lets the default set fit a laptop.
          '& .MuiTableCell-root:not(.MuiTableCell-paddingCheckbox)': { px: 1 },
        }}
      />
      {confirmUsed && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirmDelete}
            title={MESSAGES.participants.confirmDeleteTitle}
            body={MESSAGES.participants.confirmDeleteBody}
            destructive
            pending={deleteMany.isPending}
            onCancel={() => setConfirmDelete(false)}
            onConfirm={deleteSelected}
          />
        </Suspense>
      )}
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
