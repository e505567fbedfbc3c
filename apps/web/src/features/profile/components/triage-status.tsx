import { Box, Typography } from '@mui/material';
import { REVIEW_MESSAGES } from '@recovery-portal/contract/review';
import { DataConnectionChip } from '#app/components/ui/data-connection-chip.tsx';
import { OpenFlagsIndicator } from '#app/components/ui/open-flags-indicator.tsx';
import { formatDateTime } from '#app/lib/format.ts';
import { useParticipantTriage } from '#app/features/profile/api/get-participant-triage.ts';

/**
 * Who last reviewed the participant and when, whether their home data still arrives, and their
 * open flags: what a clinician checks before deciding whom to look at first.
 */
export function TriageStatus({ participantId }: { participantId: number }) {
  const triage = useParticipantTriage(participantId);
  if (triage.isPending) return null;
  if (triage.isError) {
    return (
      <Typography variant="body2" color="error" sx={{ mt: 1.5 }}>
        The review and data status could not be loaded.
      </Typography>
    );
  }
  const status = triage.data;
  const reviewedAt = status.last_reviewed_at;
  const when = (at: string | null) => formatDateTime(at);
  return (
    <Box
      component="section"
      aria-label="Review and data status"
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 1, mt: 1.5 }}
    >
      <Typography variant="body2">
        {reviewedAt
          ? REVIEW_MESSAGES.lastReviewed(when(reviewedAt), status.last_reviewed_by?.name ?? null)
          : REVIEW_MESSAGES.neverReviewed}
      </Typography>
      <DataConnectionChip
        lastTelemetryAt={status.last_telemetry_at}
        current={() => `Data last received ${when(status.last_telemetry_at)}`}
      />
      {status.data_stopped && status.last_telemetry_at && (
        <Typography variant="body2" color="text.secondary">
          Last received {when(status.last_telemetry_at)}
        </Typography>
      )}
      {status.open_flag_count > 0 && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <OpenFlagsIndicator count={status.open_flag_count} severity={status.top_open_severity} />
          <Typography variant="body2" aria-hidden="true">
            {REVIEW_MESSAGES.openFlags(status.open_flag_count, status.top_open_severity)}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
