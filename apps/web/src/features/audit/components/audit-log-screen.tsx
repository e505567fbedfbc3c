import { useEffect, useState } from 'react';
import { Box, Button, Paper, Typography } from '@mui/material';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import FirstPage from '@mui/icons-material/FirstPage';
import { AUDIT_MESSAGES, auditActionLabel } from '@recovery-portal/contract/audit';
import type { AuditListResponse, AuditLogEntry } from '@recovery-portal/contract/audit';
import { PageHeading } from '#app/components/layout/page-heading.tsx';
import { BreakableText } from '#app/components/ui/breakable-text.tsx';
import { DataTable } from '#app/components/ui/data-table.tsx';
import type { DataTableColumn } from '#app/components/ui/data-table.tsx';
import { ExportButton } from '#app/components/ui/export-button.tsx';
import { FilterFold, useFiltersFolded } from '#app/components/ui/filter-fold.tsx';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { formatDateTime } from '#app/lib/format.ts';
import { useNotify } from '#app/lib/notify.ts';
import { useExportAuditLog } from '#app/features/audit/api/export-audit-log.ts';
import { useAuditLog } from '#app/features/audit/api/get-audit-log.ts';
import { useAuditLogState } from '#app/features/audit/audit-log-state.ts';
import type { AuditLogFilters, AuditLogState } from '#app/features/audit/audit-log-state.ts';
import { AuditEntryDialog } from './audit-entry-dialog';
import { AuditFilterForm } from './audit-filter-form';
import { detailsText, repeatText, subjectText } from './audit-text';

const COLUMNS: readonly DataTableColumn<AuditLogEntry>[] = [
  {
    id: 'time',
    header: 'Time',
    cell: (entry) => formatDateTime(entry.created_at, { seconds: true }),
    sx: { whiteSpace: 'nowrap' },
  },
  // The name the actor had when they acted (ADR 0024), else the email kept on older rows.
  {
    id: 'actor',
    header: 'Actor',
    cell: (entry) => (
      <BreakableText text={entry.actor_name ?? entry.actor_email ?? '-'} after="@" />
    ),
    sx: { minWidth: 140 },
  },
  {
    id: 'action',
    header: 'Action',
    stacked: 'title',
    cell: (entry) => (
      <>
        <Typography component="span" variant="body2" sx={{ display: 'block' }}>
          {auditActionLabel(entry.action)}
        </Typography>
        <Typography
          component="span"
          variant="caption"
          color="text.secondary"
          sx={{ fontFamily: 'monospace' }}
        >
          <BreakableText text={entry.action} after="." />
        </Typography>
        {repeatText(entry) && (
          <Typography component="span" variant="caption" sx={{ display: 'block' }}>
            {repeatText(entry)}
          </Typography>
        )}
      </>
    ),
  },
  // Wide enough for a name and its email on two lines, never broken between any two letters.
  {
    id: 'subject',
    header: 'Subject',
    cell: (entry) => <BreakableText text={subjectText(entry)} after="@" />,
    sx: { minWidth: 200, overflowWrap: 'break-word' },
    stacked: 'full',
  },
  {
    id: 'address',
    header: 'Client address',
    cell: (entry) => entry.client_address ?? '-',
    sx: { whiteSpace: 'nowrap' },
  },
  {
    id: 'details',
    header: 'Details',
    stacked: 'full',
    cell: (entry) => (
      <Box
        component="span"
        sx={{
          display: 'block',
          // The whole JSON is in the row's dialog.
          maxWidth: 220,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          fontFamily: 'monospace',
          fontSize: '0.8125rem',
        }}
      >
        {detailsText(entry)}
      </Box>
    ),
  },
];

/** The administrator's Audit log (ADR 0011): the trail, filtered, newest first, and its export. */
export function AuditLogScreen() {
  const notify = useNotify();
  const state = useAuditLogState();
  const { values, request, applyFilters } = state;
  const audit = useAuditLog(request);
  const exportMutation = useExportAuditLog();
  const [dialog, setDialog] = useState<{ open: boolean; entry: AuditLogEntry | null }>({
    open: false,
    entry: null,
  });

  useEffect(() => {
    if (audit.isError) notify.error(errorMessage(audit.error));
  }, [audit.isError, audit.error, audit.errorUpdatedAt, notify]);

  const page = audit.isError ? undefined : audit.data;
  const filters = {
    actor: values.actor,
    participant: values.participant,
    action: values.action,
    subject_type: values.subject_type,
    from: values.from,
    to: values.to,
  };

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
        <PageHeading title="Audit log" />
        <ExportButton
          pending={exportMutation.isPending}
          onClick={() =>
            exportMutation.mutate(request, {
              onError: (error) => notify.error(errorMessage(error)),
            })
          }
        >
          Export CSV
        </ExportButton>
      </Box>
      <AuditFilters filters={filters} onApply={applyFilters} />
      <DataTable
        label="Audit log"
        columns={COLUMNS}
        rows={page?.entries ?? []}
        getRowId={(entry) => entry.id}
        loading={audit.isPending}
        fetching={audit.isFetching}
        error={
          audit.isError
            ? { message: AUDIT_MESSAGES.fetchError, onRetry: () => audit.refetch() }
            : null
        }
        stale={audit.isPlaceholderData}
        emptyText="No audit entries match."
        onRowClick={(entry) => setDialog({ open: true, entry })}
        size="small"
        sx={{
          bgcolor: 'background.paper',
          borderRadius: 1,
          '& .MuiTableCell-root': { px: 1 },
        }}
      />
      <AuditPager
        page={page}
        paged={request.before !== undefined || request.after !== undefined}
        goTo={state.goTo}
      />
      <AuditEntryDialog
        open={dialog.open}
        entry={dialog.entry}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
      />
    </>
  );
}

/** The filter form, folded behind a Filters button on a narrow screen. */
function AuditFilters({
  filters,
  onApply,
}: {
  filters: AuditLogFilters;
  onApply: (filters: AuditLogFilters) => void;
}) {
  const folded = useFiltersFolded();
  const form = (
    <AuditFilterForm key={JSON.stringify(filters)} filters={filters} onApply={onApply} />
  );
  if (!folded) {
    return (
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        {form}
      </Paper>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 2 }}>
      <FilterFold
        folded
        applied={Object.values(filters).filter((value) => value !== '').length}
        filters={form}
      />
    </Box>
  );
}

/** Newest / Newer / Older: keyset paging has no page numbers, however long the trail. */
function AuditPager({
  page,
  paged,
  goTo,
}: {
  page: AuditListResponse | undefined;
  /** Showing a page other than the newest (even an empty one, from an old link). */
  paged: boolean;
  goTo: AuditLogState['goTo'];
}) {
  const newer = page?.newer_cursor ?? null;
  const older = page?.older_cursor ?? null;
  return (
    <Box
      component="nav"
      aria-label="Audit log pages"
      sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, py: 1.5 }}
    >
      <Button startIcon={<FirstPage />} disabled={!paged} onClick={() => goTo('newest')}>
        Newest
      </Button>
      <Button
        startIcon={<ChevronLeft />}
        disabled={newer === null}
        onClick={() => newer !== null && goTo({ after: newer })}
      >
        Newer
      </Button>
      <Button
        endIcon={<ChevronRight />}
        disabled={older === null}
        onClick={() => older !== null && goTo({ before: older })}
      >
        Older
      </Button>
    </Box>
  );
}
