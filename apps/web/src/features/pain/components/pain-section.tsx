import { lazy, useId, useState } from 'react';
import { Alert, Box, Button, Skeleton, Typography } from '@mui/material';
import { PAIN_BODY_SITE_LABELS, PAIN_SCORE_MAX } from '@recovery-portal/contract/pain';
import type { PainLog } from '@recovery-portal/contract/pain';
import { DataTable } from '#app/components/ui/data-table.tsx';
import type { DataTableColumn } from '#app/components/ui/data-table.tsx';
import { SectionCard } from '#app/components/ui/section-card.tsx';
import { LoadWhenNear, LoadWhenOpened } from '#app/components/ui/deferred.tsx';
import { VisuallyHidden } from '#app/components/ui/visually-hidden.tsx';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { formatDateTime, formatScore } from '#app/lib/format.ts';
import { PAIN_LOG_COUNT, usePainLogs } from '#app/features/pain/api/get-pain-logs.ts';

// The dialog loads when first opened, the chart library when the chart comes near the viewport.
const RecordPainDialog = lazy(async () => ({
  default: (await import('./record-pain-dialog')).RecordPainDialog,
}));
const PainScoreChart = lazy(async () => ({
  default: (await import('./pain-score-chart')).PainScoreChart,
}));
const CHART_HEIGHT = 200;
/** Entries listed under the chart. */
const LISTED = 10;
const NO_PAIN_SCORES = 'No pain scores recorded yet.';

/** Pain: the last 30 scores as a chart, the latest entries and a Record pain dialog (spec 'Surgery and pain'). */
export function PainSection({ participantId }: { participantId: number }) {
  const logs = usePainLogs(participantId);
  const [recording, setRecording] = useState(false);
  const entries = logs.data ?? [];

  const columns: DataTableColumn<PainLog>[] = [
    {
      id: 'date',
      header: 'Date',
      cell: (row) => formatDateTime(row.recorded_at),
      sx: { whiteSpace: 'nowrap' },
    },
    { id: 'score', header: 'Score', cell: (row) => formatScore(row.score, PAIN_SCORE_MAX) },
    { id: 'site', header: 'Body site', cell: (row) => PAIN_BODY_SITE_LABELS[row.body_site] },
    { id: 'note', header: 'Note', cell: (row) => row.note ?? '-' },
  ];

  return (
    <SectionCard
      title="Pain"
      actions={
        <Button variant="contained" onClick={() => setRecording(true)}>
          Record pain
        </Button>
      }
    >
      {logs.isError ? (
        <Alert severity="error">Could not load the pain scores: {errorMessage(logs.error)}</Alert>
      ) : logs.isSuccess && entries.length === 0 ? (
        // One sentence for an empty history, not an empty chart above an empty table.
        <Typography color="text.secondary">{NO_PAIN_SCORES}</Typography>
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
          <PainChart logs={entries} loading={logs.isPending} />
          <DataTable
            label="Latest pain entries"
            size="small"
            columns={columns}
            rows={entries.slice(0, LISTED)}
            getRowId={(row) => row.id}
            loading={logs.isPending}
            fetching={logs.isFetching}
            emptyText={NO_PAIN_SCORES}
          />
        </Box>
      )}
      <LoadWhenOpened open={recording}>
        <RecordPainDialog
          open={recording}
          participantId={participantId}
          onClose={() => setRecording(false)}
        />
      </LoadWhenOpened>
    </SectionCard>
  );
}

function PainChart({ logs, loading }: { logs: readonly PainLog[]; loading: boolean }) {
  const headingId = useId();
  const summaryId = useId();
  // The API answers newest first; the chart reads left to right in time.
  const points = [...logs]
    .reverse()
    .map((log) => ({ at: Date.parse(log.recorded_at), score: log.score }));
  const latest = logs[0];
  let summary = loading ? 'Loading pain scores.' : NO_PAIN_SCORES;
  if (latest) {
    const scores = logs.map((log) => log.score);
    summary = `Latest pain score ${formatScore(latest.score, PAIN_SCORE_MAX)} on ${formatDateTime(latest.recorded_at)}; ${logs.length} ${logs.length === 1 ? 'score' : 'scores'} from ${Math.min(...scores)} to ${Math.max(...scores)}.`;
  }

  return (
    <Box component="figure" aria-labelledby={headingId} aria-describedby={summaryId} sx={{ m: 0 }}>
      <Typography id={headingId} component="h3" variant="subtitle2" sx={{ fontWeight: 600 }}>
        Pain scores over time (last {PAIN_LOG_COUNT})
      </Typography>
      <VisuallyHidden>
        <span id={summaryId}>{summary}</span>
      </VisuallyHidden>
      {points.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }} aria-hidden="true">
          {loading ? 'Loading...' : NO_PAIN_SCORES}
        </Typography>
      ) : (
        <Box aria-hidden="true" sx={{ height: CHART_HEIGHT, mt: 1 }}>
          <LoadWhenNear placeholder={<Skeleton variant="rounded" height={CHART_HEIGHT} />}>
            <PainScoreChart points={points} height={CHART_HEIGHT} />
          </LoadWhenNear>
        </Box>
      )}
    </Box>
  );
}
