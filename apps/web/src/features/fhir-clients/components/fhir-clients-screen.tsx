import { useState } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import type { FhirClient } from '@recovery-portal/contract/fhir-clients';
import { PageHeading } from '#app/components/layout/page-heading.tsx';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '#app/components/ui/data-table.tsx';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { useNotify } from '#app/lib/notify.ts';
import { useFhirClients } from '#app/features/fhir-clients/api/get-fhir-clients.ts';
import { useRevokeFhirClient } from '#app/features/fhir-clients/api/revoke-fhir-client.ts';
import { RegisterFhirClientForm } from './register-fhir-client-form';

/** Administrators: the FHIR API's system clients, registering and revoking them. */
export function FhirClientsScreen() {
  const notify = useNotify();
  const clients = useFhirClients();
  const revoke = useRevokeFhirClient();
  // The client stays set while the confirmation animates closed, so its title does not change.
  const [confirm, setConfirm] = useState<{ open: boolean; client: FhirClient | null }>({
    open: false,
    client: null,
  });
  const closeConfirm = () => setConfirm((current) => ({ ...current, open: false }));

  const columns: DataTableColumn<FhirClient>[] = [
    { id: 'name', header: 'Name', cell: (row) => row.name },
    { id: 'client-id', header: 'Client id', cell: (row) => row.client_id },
    {
      id: 'key',
      header: 'Key',
      cell: (row) => (row.key_type === 'EC' ? 'EC P-384' : row.key_type),
    },
    {
      id: 'registered',
      header: 'Registered',
      cell: (row) =>
        `${new Date(row.created_at).toLocaleString()}${row.created_by ? ` by ${row.created_by}` : ''}`,
    },
    {
      id: 'action',
      header: 'Action',
      stopRowClick: true,
      cell: (row) => (
        <Tooltip title="Revoke">
          <IconButton
            aria-label={`Revoke client ${row.name}`}
            onClick={() => setConfirm({ open: true, client: row })}
          >
            <DeleteOutlined />
          </IconButton>
        </Tooltip>
      ),
    },
  ];

  return (
    <>
      <PageHeading title="FHIR clients" />
      <RegisterFhirClientForm />
      <DataTable
        label="FHIR clients"
        columns={columns}
        rows={clients.isError ? [] : (clients.data ?? [])}
        getRowId={(row) => row.client_id}
        loading={clients.isPending}
        fetching={clients.isFetching}
        sx={{ bgcolor: 'background.paper', borderRadius: 1 }}
      />
      <ConfirmDialog
        open={confirm.open}
        title={`Do you want to revoke ${confirm.client?.name ?? 'this client'}?`}
        body="Its tokens stop working at once, and it cannot get new ones."
        destructive
        pending={revoke.isPending}
        onCancel={closeConfirm}
        onConfirm={() => {
          if (!confirm.client) return;
          revoke.mutate(confirm.client.client_id, {
            onSuccess: (result) => {
              closeConfirm();
              notify.success(result.message, 'snackbar');
            },
            onError: (error) => {
              closeConfirm();
              notify.error(errorMessage(error));
            },
          });
        }}
      />
    </>
  );
}
