import { lazy, useState } from 'react';
import type { ReactNode } from 'react';
import { Alert, Box, Button, Typography } from '@mui/material';
import type { ImagingFile } from '@recovery-portal/contract/imaging';
import { SURGERY_PROCEDURE_LABELS, SURGERY_SIDE_LABELS } from '@recovery-portal/contract/surgery';
import type { Surgery } from '@recovery-portal/contract/surgery';
import { LoadWhenOpened } from '#app/components/ui/deferred.tsx';
import { LazyConfirmDialog } from '#app/components/ui/lazy-confirm-dialog.tsx';
import { DataTable } from '#app/components/ui/data-table.tsx';
import { NativeSelectField } from '#app/components/ui/native-select-field.tsx';
import type { DataTableColumn } from '#app/components/ui/data-table.tsx';
import { SectionCard } from '#app/components/ui/section-card.tsx';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { formatDate, formatDateTime, formatNumber, MEDIUM_DATE_FORMAT } from '#app/lib/format.ts';
import { useNotify } from '#app/lib/notify.ts';
import { useDeleteDicom } from '#app/features/imaging/api/delete-dicom.ts';
import { useDownloadDicom } from '#app/features/imaging/api/download-dicom.ts';
import { useDicomList } from '#app/features/imaging/api/get-dicom-list.ts';
import { useSurgeries } from '#app/lib/api/surgeries.ts';
import { DicomThumbnail } from './dicom-preview';
import { DicomUploadZone } from './dicom-upload-zone';

// Loads when first opened (DESIGN §7).
const DicomPreviewDialog = lazy(async () => ({
  default: (await import('./dicom-preview-dialog')).DicomPreviewDialog,
}));

function surgeryLabel(surgery: Surgery): string {
  const side = surgery.side === 'NOT_APPLICABLE' ? '' : ` (${SURGERY_SIDE_LABELS[surgery.side]})`;
  return `${SURGERY_PROCEDURE_LABELS[surgery.procedure]}${side}, ${formatDate(surgery.surgery_date, MEDIUM_DATE_FORMAT)}`;
}

/** Bytes as B, KiB or MiB with one decimal. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${formatNumber(bytes)} B`;
  if (bytes < 1_048_576) return `${formatNumber(bytes / 1024, 1)} KiB`;
  return `${formatNumber(bytes / 1_048_576, 1)} MiB`;
}

/** The second, quieter line of a cell. */
function Secondary({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ fontSize: '0.8125rem' }}>
      {children}
    </Typography>
  );
}

/** A short value ('176.4 KiB', 'instance 3') that wraps as a whole. */
function Unbroken({ children }: { children: ReactNode }) {
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {children}
    </Box>
  );
}

/** Medical imaging (DICOM) of the participant's surgeries (ADR 0006). */
export function ImagingSection({ participantId }: { participantId: number }) {
  const surgeries = useSurgeries(participantId);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const list = surgeries.data ?? [];
  // The chosen surgery while it still exists, else the latest one.
  const surgery = list.find((item) => item.id === chosenId) ?? list[0] ?? null;

  let body;
  if (surgeries.isError) {
    body = (
      <Alert severity="error">Could not load the surgeries: {errorMessage(surgeries.error)}</Alert>
    );
  } else if (surgeries.isPending) {
    body = <Typography color="text.secondary">Loading...</Typography>;
  } else if (surgery === null) {
    body = (
      <Typography color="text.secondary">
        Add a surgery first; images are filed under a surgery.
      </Typography>
    );
  } else {
    body = (
      // minmax(0, 1fr): the table fits itself to the card instead of stretching the grid.
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
        <NativeSelectField
          label="Surgery"
          value={surgery.id}
          onChange={(id) => setChosenId(Number(id))}
          sx={{ maxWidth: 480 }}
        >
          {list.map((item) => (
            <option key={item.id} value={item.id}>
              {surgeryLabel(item)}
            </option>
          ))}
        </NativeSelectField>
        <DicomUploadZone key={surgery.id} participantId={participantId} surgeryId={surgery.id} />
        <ImageTable participantId={participantId} surgeryId={surgery.id} />
      </Box>
    );
  }

  return <SectionCard title="Medical imaging">{body}</SectionCard>;
}

function ImageTable({ participantId, surgeryId }: { participantId: number; surgeryId: number }) {
  const images = useDicomList(participantId, surgeryId);
  const download = useDownloadDicom();
  const remove = useDeleteDicom();
  const notify = useNotify();
  const [toDelete, setToDelete] = useState<ImagingFile | null>(null);
  const [toPreview, setToPreview] = useState<ImagingFile | null>(null);

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(
      { participantId, surgeryId, imageId: toDelete.id },
      {
        onSuccess: ({ message }) => {
          notify.success(message, 'snackbar');
          setToDelete(null);
        },
        onError: (error) => {
          notify.error(errorMessage(error));
          setToDelete(null);
        },
      },
    );
  };

  const columns: DataTableColumn<ImagingFile>[] = [
    {
      id: 'preview',
      header: 'Preview',
      cell: (row) => <DicomThumbnail image={row} onOpen={() => setToPreview(row)} />,
      sx: { minWidth: 96 },
    },
    {
      id: 'name',
      header: 'File',
      cell: (row) => (
        <>
          <Box sx={{ overflowWrap: 'anywhere' }}>{row.original_name}</Box>
          <Secondary>
            {row.rows !== null && row.columns !== null && (
              <>
                <Unbroken>{`${row.rows} × ${row.columns}`}</Unbroken>
                {' · '}
              </>
            )}
            <Unbroken>{formatBytes(row.size_bytes)}</Unbroken>
          </Secondary>
        </>
      ),
      sx: { minWidth: 140 },
    },
    { id: 'modality', header: 'Modality', cell: (row) => row.modality ?? '-' },
    {
      id: 'study-date',
      header: 'Study date',
      cell: (row) => formatDate(row.study_date, MEDIUM_DATE_FORMAT),
      sx: { whiteSpace: 'nowrap' },
    },
    {
      id: 'study',
      header: 'Study and series',
      cell: (row) => (
        <>
          <div>{row.study_description ?? '-'}</div>
          <Secondary>
            <span>{row.series_description ?? 'No series description'}</span>
            {row.instance_number !== null && (
              <>
                {' · '}
                <Unbroken>{`instance ${row.instance_number}`}</Unbroken>
              </>
            )}
          </Secondary>
        </>
      ),
      sx: { minWidth: 140 },
    },
    {
      id: 'uploaded',
      header: 'Uploaded at',
      cell: (row) => formatDateTime(row.uploaded_at),
      sx: { minWidth: 100 },
    },
    {
      id: 'actions',
      header: 'Actions',
      stopRowClick: true,
      sx: { whiteSpace: 'nowrap' },
      cell: (row) => (
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start' }}>
          <Button
            size="small"
            aria-label={`Download ${row.original_name}`}
            loading={download.isPending && download.variables.id === row.id}
            onClick={() =>
              download.mutate(row, {
                onError: (error) => notify.error(errorMessage(error)),
              })
            }
          >
            Download
          </Button>
          <Button
            size="small"
            color="error"
            aria-label={`Delete ${row.original_name}`}
            onClick={() => setToDelete(row)}
          >
            Delete
          </Button>
        </Box>
      ),
    },
  ];

  return (
    <>
      {images.isError ? (
        <Alert severity="error">Could not load the images: {errorMessage(images.error)}</Alert>
      ) : (
        <DataTable
          label="Images"
          size="small"
          columns={columns}
          rows={images.data ?? []}
          getRowId={(row) => row.id}
          loading={images.isPending}
          fetching={images.isFetching}
          emptyText="No images uploaded for this surgery"
        />
      )}
      <LoadWhenOpened open={toPreview !== null}>
        <DicomPreviewDialog image={toPreview} onClose={() => setToPreview(null)} />
      </LoadWhenOpened>
      <LazyConfirmDialog
        open={toDelete !== null}
        title="Delete this image?"
        body={toDelete ? `${toDelete.original_name} will be removed for good.` : undefined}
        destructive
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </>
  );
}
