import { lazy, useState } from 'react';
import { Alert, Button, Typography } from '@mui/material';
import type { ParticipantThreshold } from '@recovery-portal/contract/thresholds';
import { LoadWhenOpened } from '#app/components/ui/deferred.tsx';
import { DataTable } from '#app/components/ui/data-table.tsx';
import type { DataTableColumn } from '#app/components/ui/data-table.tsx';
import { SectionCard } from '#app/components/ui/section-card.tsx';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { formatDate, MEDIUM_DATE_FORMAT } from '#app/lib/format.ts';
import { useThresholds } from '#app/features/thresholds/api/get-thresholds.ts';

// Loads when first opened (DESIGN §7).
const ThresholdsDialog = lazy(async () => ({
  default: (await import('./thresholds-dialog')).ThresholdsDialog,
}));

const COLUMNS: readonly DataTableColumn<ParticipantThreshold>[] = [
  { id: 'rule', header: 'Rule', cell: (rule) => rule.label, sx: { fontWeight: 600 } },
  {
    id: 'alerts',
    header: 'Alerts when',
    cell: (rule) => (rule.enabled ? rule.description : 'Off'),
  },
  {
    id: 'setting',
    header: 'Setting',
    cell: (rule) =>
      rule.overridden
        ? `Custom${rule.updated_by ? ` · ${rule.updated_by}` : ''}${rule.updated_at ? `, ${formatDate(rule.updated_at, MEDIUM_DATE_FORMAT)}` : ''}`
        : 'Programme default',
  },
];

/**
 * The participant's alert thresholds (ADR 0010): what each rule alerts on, whether it is the
 * programme default, and Edit thresholds to change them.
 */
export function ThresholdsSection({
  participantId,
  onSaved,
}: {
  participantId: number;
  /** Called after thresholds were saved (new limits may have raised flags). */
  onSaved?: () => void;
}) {
  const thresholds = useThresholds(participantId);
  const [editing, setEditing] = useState(false);
  return (
    <SectionCard
      title="Alert thresholds"
      actions={
        <Button
          variant="contained"
          onClick={() => setEditing(true)}
          disabled={!thresholds.isSuccess}
        >
          Edit thresholds
        </Button>
      }
    >
      {thresholds.isError ? (
        <Alert severity="error">
          Could not load the thresholds: {errorMessage(thresholds.error)}
        </Alert>
      ) : (
        <>
          {thresholds.data && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              Programme: {thresholds.data.programme_label}
            </Typography>
          )}
          <DataTable
            label="Alert thresholds"
            columns={COLUMNS}
            rows={thresholds.data?.rules ?? []}
            getRowId={(rule) => rule.rule}
            loading={thresholds.isPending}
            size="small"
          />
        </>
      )}
      {thresholds.data && (
        <LoadWhenOpened open={editing}>
          <ThresholdsDialog
            open={editing}
            thresholds={thresholds.data}
            onClose={() => setEditing(false)}
            {...(onSaved ? { onSaved } : {})}
          />
        </LoadWhenOpened>
      )}
    </SectionCard>
  );
}
