import { lazy, useState } from 'react';
import { Alert, Button } from '@mui/material';
import { SURGERY_PROCEDURE_LABELS, SURGERY_SIDE_LABELS } from '@recovery-portal/contract/surgery';
import type { Surgery } from '@recovery-portal/contract/surgery';
import { LoadWhenOpened } from '#app/components/ui/deferred.tsx';
import { DataTable } from '#app/components/ui/data-table.tsx';
import type { DataTableColumn } from '#app/components/ui/data-table.tsx';
import { SectionCard } from '#app/components/ui/section-card.tsx';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { formatDate, formatNumber, MEDIUM_DATE_FORMAT } from '#app/lib/format.ts';
import { useSurgeries } from '#app/lib/api/surgeries.ts';

// Loads when first opened (DESIGN §7).
const SurgeryDialog = lazy(async () => ({
  default: (await import('./surgery-dialog')).SurgeryDialog,
}));

/** A surgery's procedure with its side, e.g. 'Total knee replacement (Left)'. */
export function procedureText(surgery: Pick<Surgery, 'procedure' | 'side'>): string {
  const procedure = SURGERY_PROCEDURE_LABELS[surgery.procedure];
  return surgery.side === 'NOT_APPLICABLE'
    ? procedure
    : `${procedure} (${SURGERY_SIDE_LABELS[surgery.side]})`;
}

type DialogState = { open: false } | { open: true; surgery: Surgery | null };

/** The participant's surgeries with Add and Edit dialogs (spec 'Surgery and pain'). */
export function SurgeriesSection({ participantId }: { participantId: number }) {
  const surgeries = useSurgeries(participantId);
  const [dialog, setDialog] = useState<DialogState>({ open: false });

  const columns: DataTableColumn<Surgery>[] = [
    { id: 'procedure', header: 'Procedure', cell: procedureText },
    {
      id: 'date',
      header: 'Date',
      cell: (row) => formatDate(row.surgery_date, MEDIUM_DATE_FORMAT),
      sx: { whiteSpace: 'nowrap' },
    },
    { id: 'surgeon', header: 'Surgeon', cell: (row) => row.surgeon },
    { id: 'hospital', header: 'Hospital', cell: (row) => row.hospital },
    { id: 'notes', header: 'Notes', cell: (row) => row.notes ?? '-' },
    {
      id: 'images',
      header: 'Images',
      align: 'right',
      cell: (row) => formatNumber(row.image_count),
    },
    {
      id: 'actions',
      header: 'Actions',
      stopRowClick: true,
      cell: (row) => (
        <Button
          size="small"
          onClick={() => setDialog({ open: true, surgery: row })}
          aria-label={`Edit ${procedureText(row)} on ${formatDate(row.surgery_date, MEDIUM_DATE_FORMAT)}`}
        >
          Edit
        </Button>
      ),
    },
  ];

  return (
    <SectionCard
      title="Surgeries"
      actions={
        <Button variant="contained" onClick={() => setDialog({ open: true, surgery: null })}>
          Add surgery
        </Button>
      }
    >
      {surgeries.isError ? (
        <Alert severity="error">
          Could not load the surgeries: {errorMessage(surgeries.error)}
        </Alert>
      ) : (
        <DataTable
          label="Surgeries"
          size="small"
          columns={columns}
          rows={surgeries.data ?? []}
          getRowId={(row) => row.id}
          loading={surgeries.isPending}
          fetching={surgeries.isFetching}
          emptyText="No surgeries recorded"
        />
      )}
      <LoadWhenOpened open={dialog.open}>
        <SurgeryDialog
          open={dialog.open}
          participantId={participantId}
          surgery={dialog.open ? dialog.surgery : null}
          onClose={() => setDialog({ open: false })}
        />
      </LoadWhenOpened>
    </SectionCard>
  );
}
