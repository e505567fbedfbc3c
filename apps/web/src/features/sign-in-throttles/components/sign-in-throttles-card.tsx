import { useState } from 'react';
import { Alert, Chip, IconButton, Tooltip, Typography } from '@mui/material';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import type { SignInThrottle } from '@recovery-portal/contract/sign-in-throttles';
import { THROTTLE_MESSAGES } from '@recovery-portal/contract/sign-in-throttles';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { DataTable } from '#app/components/ui/data-table.tsx';
import type { DataTableColumn } from '#app/components/ui/data-table.tsx';
import { SectionCard } from '#app/components/ui/section-card.tsx';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { formatDateTime } from '#app/lib/format.ts';
import { useNotify } from '#app/lib/notify.ts';
import { useClearSignInThrottle } from '#app/features/sign-in-throttles/api/clear-sign-in-throttle.ts';
import { useSignInThrottles } from '#app/features/sign-in-throttles/api/get-sign-in-throttles.ts';

const ALL_ACCOUNTS = 'Every account (this address tried many)';
const accountOf = (row: SignInThrottle) => row.email ?? ALL_ACCOUNTS;
const rowId = (row: SignInThrottle) =>
  `${row.email ?? '*'} ${row.client_address} ${row.trusted_browser ? 'trusted' : 'untrusted'}`;
const when = (value: string) => formatDateTime(value);

/**
 * Administrators: who is being slowed down after failed sign-ins (per account at an address,
 * and per address), and lifting it for a staff member who mistyped and cannot wait.
 */
export function SignInThrottlesCard() {
  const notify = useNotify();
  const throttles = useSignInThrottles();
  const clear = useClearSignInThrottle();
  const [clearing, setClearing] = useState<{ open: boolean; row: SignInThrottle | null }>({
    open: false,
    row: null,
  });
  const close = () => setClearing((current) => ({ ...current, open: false }));

  const columns: DataTableColumn<SignInThrottle>[] = [
    { id: 'account', header: 'Account', cell: accountOf },
    { id: 'address', header: 'Address', cell: (row) => row.client_address },
    {
      id: 'browser',
      header: 'Browser',
      cell: (row) => (row.trusted_browser ? 'Trusted (signed in there before)' : 'Untrusted'),
    },
    { id: 'failures', header: 'Failed sign-ins', cell: (row) => String(row.failures) },
    { id: 'last', header: 'Last failure', cell: (row) => when(row.last_failure_at) },
    {
      id: 'wait',
      header: 'Next attempt',
      cell: (row) =>
        row.waits_until ? (
          <Chip size="small" color="warning" label={`Waits until ${when(row.waits_until)}`} />
        ) : (
          <Chip size="small" variant="outlined" label="Not delayed" />
        ),
    },
    {
      id: 'action',
      header: 'Action',
      stopRowClick: true,
      cell: (row) => (
        <Tooltip title="Clear">
          <IconButton
            aria-label={`Clear the failed sign-ins of ${accountOf(row)} from ${row.client_address}`}
            onClick={() => setClearing({ open: true, row })}
          >
            <LockOpenOutlined />
          </IconButton>
        </Tooltip>
      ),
    },
  ];

  return (
    <SectionCard title="Sign-in throttles" sx={{ mt: 3 }}>
      {throttles.isError ? (
        <Alert severity="error">{THROTTLE_MESSAGES.fetchError}</Alert>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            After a few failed sign-ins from one address, each further attempt there waits longer
            (30 seconds, then twice as long each time). Failures elsewhere never delay the owner,
            and a browser the account signed in from before is counted on its own.
          </Typography>
          <DataTable
            label="Sign-in throttles"
            columns={columns}
            rows={throttles.data ?? []}
            getRowId={rowId}
            loading={throttles.isPending}
            fetching={throttles.isFetching}
            emptyText="No failed sign-ins in the last few minutes"
          />
        </>
      )}
      <ConfirmDialog
        open={clearing.open}
        title={`Clear the failed sign-ins of ${clearing.row ? accountOf(clearing.row) : 'this account'}?`}
        body={`The next sign-in from ${clearing.row?.client_address ?? 'this address'} is not delayed.`}
        confirmLabel="Clear"
        cancelLabel="Cancel"
        pending={clear.isPending}
        onCancel={close}
        onConfirm={() => {
          const row = clearing.row;
          if (!row) return;
          clear.mutate(
            { email: row.email, client_address: row.client_address },
            {
              onSuccess: ({ message }) => {
                close();
                notify.success(message, 'snackbar');
              },
              onError: (error) => {
                close();
                notify.error(errorMessage(error));
              },
            },
          );
        }}
      />
    </SectionCard>
  );
}
