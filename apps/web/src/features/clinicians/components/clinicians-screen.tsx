import { useState } from 'react';
import type { ReactNode } from 'react';
import { Box, Button, IconButton, Tooltip } from '@mui/material';
import Add from '@mui/icons-material/Add';
import DevicesOutlined from '@mui/icons-material/DevicesOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PersonOffOutlined from '@mui/icons-material/PersonOffOutlined';
import RestoreOutlined from '@mui/icons-material/RestoreOutlined';
import { CLINICIAN_MESSAGES, clinicianDisplayName } from '@recovery-portal/contract/clinicians';
import type { Clinician } from '@recovery-portal/contract/clinicians';
import type { UserStatus } from '@recovery-portal/contract/users';
import { PageHeading } from '#app/components/layout/page-heading.tsx';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { DataTable } from '#app/components/ui/data-table.tsx';
import type { DataTableColumn } from '#app/components/ui/data-table.tsx';
import { StateChip } from '#app/components/ui/state-chip.tsx';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { useNotify } from '#app/lib/notify.ts';
import { useClinicians } from '#app/features/clinicians/api/get-clinicians.ts';
import { useSetClinicianStatus } from '#app/features/clinicians/api/set-clinician-status.ts';
import { ClinicianDialog } from './clinician-dialog';

const STATUS_LABELS: Record<UserStatus, string> = {
  ACTIVATED: 'Active',
  PENDING_ACTIVATION: 'Invited',
  SUSPENDED: 'Deactivated',
};
const STATUS_COLORS: Record<UserStatus, 'success' | 'default' | 'error'> = {
  ACTIVATED: 'success',
  PENDING_ACTIVATION: 'default',
  SUSPENDED: 'error',
};

/** The clinician stays set while the dialog animates closed, so it does not flip to Add. */
type DialogState = { open: boolean; clinician: Clinician | null };

/** The sessions dialog of one clinician; null closes it. */
export type SessionsDialogSlot = { clinician: Clinician | null; onClose: () => void };

/**
 * The administrator's home: the clinicians and their management (spec §2 'Clinicians screen').
 * Sessions belong to the staff-sessions feature, so the route hands their dialog in.
 */
export function CliniciansScreen({
  renderSessionsDialog,
}: {
  renderSessionsDialog: (slot: SessionsDialogSlot) => ReactNode;
}) {
  const notify = useNotify();
  const clinicians = useClinicians();
  const statusMutation = useSetClinicianStatus();
  const [dialog, setDialog] = useState<DialogState>({ open: false, clinician: null });
  // The clinician stays set while the confirmation animates closed, so its title does not change.
  const [confirm, setConfirm] = useState<{ open: boolean; clinician: Clinician | null }>({
    open: false,
    clinician: null,
  });
  const closeConfirm = () => setConfirm((current) => ({ ...current, open: false }));
  const [sessionsOf, setSessionsOf] = useState<Clinician | null>(null);

  const changeStatus = (clinician: Clinician, status: 'ACTIVATED' | 'SUSPENDED') => {
    statusMutation.mutate(
      { id: clinician.id, status },
      {
        onSuccess: () => {
          closeConfirm();
          notify.success(
            status === 'SUSPENDED'
              ? CLINICIAN_MESSAGES.deactivated
              : CLINICIAN_MESSAGES.reactivated,
            'snackbar',
          );
        },
        onError: (error) => {
          closeConfirm();
          notify.error(errorMessage(error));
        },
      },
    );
  };

  const columns: DataTableColumn<Clinician>[] = [
    { id: 'name', header: 'Name', cell: (row) => clinicianDisplayName(row) },
    { id: 'email', header: 'Email ID', cell: (row) => row.email },
    { id: 'reg-id', header: 'Reg Id', cell: (row) => row.dea_reg_id || '-' },
    {
      id: 'status',
      header: 'Status',
      cell: (row) => (
        <StateChip color={STATUS_COLORS[row.status]} label={STATUS_LABELS[row.status]} />
      ),
    },
    {
      id: 'action',
      header: 'Action',
      stopRowClick: true,
      cell: (row) => {
        const name = clinicianDisplayName(row);
        const busy = statusMutation.isPending && statusMutation.variables.id === row.id;
        return (
          <Box sx={{ display: 'flex', gap: 0.5 }}>
            <Tooltip title="Edit">
              <IconButton
                aria-label={`Edit clinician ${name}`}
                onClick={() => setDialog({ open: true, clinician: row })}
              >
                <EditOutlined />
              </IconButton>
            </Tooltip>
            <Tooltip title="Sessions">
              <IconButton
                aria-label={`Sessions of clinician ${name}`}
                onClick={() => setSessionsOf(row)}
              >
                <DevicesOutlined />
              </IconButton>
            </Tooltip>
            {row.status === 'SUSPENDED' ? (
              <Tooltip title="Reactivate">
                <IconButton
                  aria-label={`Reactivate clinician ${name}`}
                  disabled={busy}
                  onClick={() => changeStatus(row, 'ACTIVATED')}
                >
                  <RestoreOutlined />
                </IconButton>
              </Tooltip>
            ) : (
              <Tooltip title="Deactivate">
                <IconButton
                  aria-label={`Deactivate clinician ${name}`}
                  disabled={busy}
                  onClick={() => setConfirm({ open: true, clinician: row })}
                >
                  <PersonOffOutlined />
                </IconButton>
              </Tooltip>
            )}
          </Box>
        );
      },
    },
  ];

  const rows = clinicians.isError ? [] : (clinicians.data ?? []);

  return (
    <>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'baseline',
          justifyContent: 'space-between',
          gap: 2,
        }}
      >
        <PageHeading title="Clinicians" />
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setDialog({ open: true, clinician: null })}
        >
          ADD NEW CLINICIAN
        </Button>
      </Box>
      <DataTable
        label="Clinicians"
        columns={columns}
        rows={rows}
        getRowId={(row) => row.id}
        loading={clinicians.isPending}
        fetching={clinicians.isFetching}
        error={
          clinicians.isError
            ? { message: errorMessage(clinicians.error), onRetry: () => clinicians.refetch() }
            : null
        }
        stickyHeader
        sx={{ bgcolor: 'background.paper', borderRadius: 1 }}
      />
      <ClinicianDialog
        open={dialog.open}
        clinician={dialog.clinician}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
      />
      {renderSessionsDialog({ clinician: sessionsOf, onClose: () => setSessionsOf(null) })}
      <ConfirmDialog
        open={confirm.open}
        title={`Do you want to deactivate ${confirm.clinician ? clinicianDisplayName(confirm.clinician) : 'this clinician'}?`}
        body="They are signed out at once and cannot log in until they are reactivated."
        destructive
        pending={statusMutation.isPending}
        onCancel={closeConfirm}
        onConfirm={() => {
          if (confirm.clinician) changeStatus(confirm.clinician, 'SUSPENDED');
        }}
      />
    </>
  );
}
