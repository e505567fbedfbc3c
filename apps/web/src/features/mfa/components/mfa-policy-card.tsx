import { useId, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  IconButton,
  Switch,
  Tooltip,
  Typography,
} from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import PhonelinkEraseOutlined from '@mui/icons-material/PhonelinkEraseOutlined';
import { MFA_MESSAGES } from '@recovery-portal/contract/mfa';
import type { MfaStaffMember } from '@recovery-portal/contract/mfa';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { DataTable } from '#app/components/ui/data-table.tsx';
import type { DataTableColumn } from '#app/components/ui/data-table.tsx';
import { SectionCard } from '#app/components/ui/section-card.tsx';
import { StateChip } from '#app/components/ui/state-chip.tsx';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { useNotify } from '#app/lib/notify.ts';
import { useMfaPolicy } from '#app/features/mfa/api/get-mfa-policy.ts';
import { useResetStaffMfa } from '#app/features/mfa/api/reset-staff-mfa.ts';
import { useSetMfaPolicy } from '#app/features/mfa/api/set-mfa-policy.ts';

const nameOf = (member: MfaStaffMember) =>
  `${member.first_name} ${member.last_name}`.trim() || member.email;

const ROLE_LABELS: Record<MfaStaffMember['role'], string> = {
  ADMINISTRATOR: 'Administrator',
  CLINICIAN: 'Clinician',
};

/**
 * Administrators: require two-step sign-in for all staff, see who has set it up, and turn it off
 * for someone who lost their phone (they set it up again at their next sign-in if required).
 */
export function MfaPolicyCard() {
  const notify = useNotify();
  const policy = useMfaPolicy();
  const setPolicy = useSetMfaPolicy();
  const reset = useResetStaffMfa();
  const [resetting, setResetting] = useState<{ open: boolean; member: MfaStaffMember | null }>({
    open: false,
    member: null,
  });
  const closeReset = () => setResetting((current) => ({ ...current, open: false }));
  const [showStaff, setShowStaff] = useState(false);
  const tableId = useId();

  const staff = policy.data?.staff ?? [];
  const active = staff.filter((member) => member.status === 'ACTIVATED');
  const enrolled = active.filter((member) => member.mfa_enabled).length;
  const required = policy.data?.required_for_staff ?? false;

  const changeRequirement = (next: boolean) =>
    setPolicy.mutate(
      { required_for_staff: next },
      {
        onSuccess: () =>
          notify.success(next ? MFA_MESSAGES.requiredOn : MFA_MESSAGES.requiredOff, 'snackbar'),
        onError: (error) => notify.error(errorMessage(error)),
      },
    );

  const columns: DataTableColumn<MfaStaffMember>[] = [
    { id: 'name', header: 'Name', cell: nameOf },
    { id: 'email', header: 'Email ID', cell: (row) => row.email },
    { id: 'role', header: 'Role', cell: (row) => ROLE_LABELS[row.role] },
    {
      id: 'mfa',
      header: 'Two-step sign-in',
      cell: (row) => (
        <StateChip
          color={row.mfa_enabled ? 'success' : 'default'}
          label={row.mfa_enabled ? 'On' : 'Off'}
        />
      ),
    },
    {
      id: 'action',
      header: 'Action',
      stopRowClick: true,
      cell: (row) =>
        row.mfa_enabled ? (
          <Tooltip title="Turn off (lost phone)">
            <IconButton
              aria-label={`Turn off two-step sign-in for ${nameOf(row)}`}
              onClick={() => setResetting({ open: true, member: row })}
            >
              <PhonelinkEraseOutlined />
            </IconButton>
          </Tooltip>
        ) : null,
    },
  ];

  return (
    <SectionCard
      title="Two-step sign-in"
      sx={{ mt: 3 }}
      actions={
        <FormControlLabel
          control={
            <Switch
              checked={required}
              disabled={!policy.data || setPolicy.isPending}
              onChange={(event) => changeRequirement(event.target.checked)}
            />
          }
          label="Require two-step sign-in for all staff"
        />
      }
    >
      {policy.isError ? (
        <Alert severity="error">{MFA_MESSAGES.policyFetchError}</Alert>
      ) : (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          {policy.data ? (
            <Typography variant="body2" color="text.secondary">
              {`${enrolled} of ${active.length} active staff ${enrolled === 1 ? 'has' : 'have'} set up two-step sign-in. ${
                required
                  ? 'Staff without it set it up at their next sign-in.'
                  : 'Staff can set it up from Sign-in security in the header.'
              }`}
            </Typography>
          ) : null}
          <Button
            variant="text"
            size="small"
            aria-expanded={showStaff}
            aria-controls={tableId}
            endIcon={showStaff ? <ExpandLess /> : <ExpandMore />}
            onClick={() => setShowStaff((value) => !value)}
            sx={{ alignSelf: 'flex-start' }}
          >
            {showStaff ? 'Hide staff' : 'Show staff'}
          </Button>
          {/* Folded by default: the clinicians table above stays the screen's main table. */}
          <Box id={tableId} hidden={!showStaff}>
            {showStaff ? (
              <DataTable
                label="Two-step sign-in of staff"
                columns={columns}
                rows={staff}
                getRowId={(row) => row.id}
                loading={policy.isPending}
                fetching={policy.isFetching}
              />
            ) : null}
          </Box>
        </Box>
      )}
      <ConfirmDialog
        open={resetting.open}
        title={`Turn off two-step sign-in for ${resetting.member ? nameOf(resetting.member) : 'this staff member'}?`}
        body={
          required
            ? 'Their authenticator and recovery codes stop working. They set it up again at their next sign-in.'
            : 'Their authenticator and recovery codes stop working; their password alone signs them in.'
        }
        confirmLabel="Turn off"
        cancelLabel="Cancel"
        destructive
        pending={reset.isPending}
        onCancel={closeReset}
        onConfirm={() => {
          if (!resetting.member) return;
          reset.mutate(resetting.member.id, {
            onSuccess: ({ message }) => {
              closeReset();
              notify.success(message, 'snackbar');
            },
            onError: (error) => {
              closeReset();
              notify.error(errorMessage(error));
            },
          });
        }}
      />
    </SectionCard>
  );
}
