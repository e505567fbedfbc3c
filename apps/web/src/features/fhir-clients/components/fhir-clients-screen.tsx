import { useState } from 'react';
import { Alert, Button, IconButton, Stack, Tooltip } from '@mui/material';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import {
  FHIR_CLIENT_MESSAGES,
  FHIR_CLIENT_STATUS_LABELS,
  type FhirClient,
} from '@recovery-portal/contract/fhir-clients';
import { PageHeading } from '#app/components/layout/page-heading.tsx';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '#app/components/ui/data-table.tsx';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { useNotify } from '#app/lib/notify.ts';
import { formatDateTime } from '#app/lib/format.ts';
import { useSession } from '#app/lib/session.ts';
import { useApproveFhirClient } from '#app/features/fhir-clients/api/approve-fhir-client.ts';
import { useFhirClients } from '#app/features/fhir-clients/api/get-fhir-clients.ts';
import { useRevokeFhirClient } from '#app/features/fhir-clients/api/revoke-fhir-client.ts';
import { RegisterAppClientForm } from './register-app-client-form';
import { RegisterFhirClientForm } from './register-fhir-client-form';

type Pending = { action: 'approve' | 'revoke'; open: boolean; client: FhirClient | null };

const CONFIRM_TEXTS = {
  approve: {
    title: (name: string) => `Do you want to approve ${name}?`,
    body: 'It can then get tokens and read patient data within its scopes. Every administrator is told by email.',
  },
  revoke: {
    title: (name: string) => `Do you want to revoke ${name}?`,
    body: 'Its tokens stop working at once, and it cannot get new ones.',
  },
} as const;

function statusText(client: FhirClient): string {
  const label = FHIR_CLIENT_STATUS_LABELS[client.status];
  return client.status === 'active' && client.approved_by
    ? `${label}, approved by ${client.approved_by}`
    : label;
}

/**
 * Administrators: the FHIR API's system clients and participant apps, registering, approving
 * and revoking them. A system client reaching patient data is approved by an administrator
 * other than its registrar (DESIGN §6); with one active administrator the screen says why none
 * can be. A participant app is active at once.
 */
export function FhirClientsScreen() {
  const notify = useNotify();
  const { user } = useSession();
  const clients = useFhirClients();
  const approve = useApproveFhirClient();
  const revoke = useRevokeFhirClient();
  // The client stays set while the confirmation animates closed, so its title does not change.
  const [confirm, setConfirm] = useState<Pending>({ action: 'revoke', open: false, client: null });
  const closeConfirm = () => setConfirm((current) => ({ ...current, open: false }));
  const oneAdministrator = clients.data !== undefined && clients.data.active_administrators < 2;
  const mayApprove = (row: FhirClient) =>
    row.status === 'pending' && !oneAdministrator && row.created_by_id !== user?.id;

  const columns: DataTableColumn<FhirClient>[] = [
    { id: 'name', header: 'Name', cell: (row) => row.name },
    { id: 'client-id', header: 'Client id', cell: (row) => row.client_id },
    {
      id: 'key',
      header: 'Key or redirect URIs',
      cell: (row) =>
        row.kind === 'public'
          ? `Participant app: ${row.redirect_uris.join(' ')}`
          : row.key_type === 'EC'
            ? 'EC P-384'
            : row.key_type,
    },
    { id: 'scopes', header: 'Scopes', cell: (row) => row.scopes.join(' ') },
    { id: 'status', header: 'Status', cell: statusText },
    {
      id: 'registered',
      header: 'Registered',
      cell: (row) =>
        `${formatDateTime(row.created_at)}${row.created_by ? ` by ${row.created_by}` : ''}`,
    },
    {
      id: 'action',
      header: 'Action',
      stopRowClick: true,
      cell: (row) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {mayApprove(row) && (
            <Button
              size="small"
              variant="outlined"
              aria-label={`Approve client ${row.name}`}
              onClick={() => setConfirm({ action: 'approve', open: true, client: row })}
            >
              Approve
            </Button>
          )}
          {row.status !== 'revoked' && (
            <Tooltip title="Revoke">
              <IconButton
                aria-label={`Revoke client ${row.name}`}
                onClick={() => setConfirm({ action: 'revoke', open: true, client: row })}
              >
                <DeleteOutlined />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
      ),
    },
  ];

  const texts = CONFIRM_TEXTS[confirm.action];
  const onConfirm = () => {
    const client = confirm.client;
    if (!client) return;
    const handlers = {
      onSuccess: (result: { message: string }) => {
        closeConfirm();
        notify.success(result.message, 'snackbar');
      },
      onError: (error: Error) => {
        closeConfirm();
        notify.error(errorMessage(error));
      },
    };
    if (confirm.action === 'approve') approve.mutate(client.client_id, handlers);
    else revoke.mutate(client.client_id, handlers);
  };

  return (
    <>
      <PageHeading title="FHIR clients" />
      {oneAdministrator && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {FHIR_CLIENT_MESSAGES.singleAdministrator}
        </Alert>
      )}
      <RegisterFhirClientForm />
      <RegisterAppClientForm />
      <DataTable
        label="FHIR clients"
        columns={columns}
        rows={clients.isError ? [] : (clients.data?.clients ?? [])}
        getRowId={(row) => row.client_id}
        loading={clients.isPending}
        fetching={clients.isFetching}
        sx={{ bgcolor: 'background.paper', borderRadius: 1 }}
      />
      <ConfirmDialog
        open={confirm.open}
        title={texts.title(confirm.client?.name ?? 'this client')}
        body={texts.body}
        destructive={confirm.action === 'revoke'}
        pending={approve.isPending || revoke.isPending}
        onCancel={closeConfirm}
        onConfirm={onConfirm}
      />
    </>
  );
}
