import { lazy, useMemo, useState } from 'react';
import { Alert, Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { Flag } from '@recovery-portal/contract/flags';
import { LoadWhenOpened } from '#app/components/ui/deferred.tsx';
import { DataTable, DETAILS_PREVIEW_ROWS } from '#app/components/ui/data-table.tsx';
import type { DataTableColumn } from '#app/components/ui/data-table.tsx';
import { SectionCard } from '#app/components/ui/section-card.tsx';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { formatDateTime } from '#app/lib/format.ts';
import { useParticipantFlags } from '#app/features/flags/api/get-participant-flags.ts';
import type { RenderFlagFollowUp } from '#app/features/flags/flag-follow-up.ts';
import { flagLink } from '#app/features/flags/flag-link.ts';
import { flagsByRelevance } from '#app/features/flags/flag-order.ts';
import { FLAG_COLUMNS } from './flag-columns';

// Loads when first opened (DESIGN §7).
const AcknowledgeFlagDialog = lazy(async () => ({
  default: (await import('./acknowledge-flag-dialog')).AcknowledgeFlagDialog,
}));

function StatusCell({ flag }: { flag: Flag }) {
  if (flag.status === 'OPEN') {
    return (
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        Open
      </Typography>
    );
  }
  return (
    <Box>
      <Typography variant="body2">
        Acknowledged{flag.acknowledged_by ? ` by ${flag.acknowledged_by}` : ''}
        {flag.acknowledged_at ? ` on ${formatDateTime(flag.acknowledged_at)}` : ''}
      </Typography>
      {flag.acknowledgement_note && (
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
          Note: {flag.acknowledgement_note}
        </Typography>
      )}
    </Box>
  );
}

/**
 * The participant's flags on their details (ADR 0010): open ones first, most severe first, with
 * Acknowledge, then acknowledged ones with who, when and the note. A conversation flag links to
 * its conversation.
 */
export function ParticipantFlagsSection({
  participantId,
  participantName,
  renderFollowUp,
}: {
  participantId: number;
  participantName: string;
  renderFollowUp: RenderFlagFollowUp;
}) {
  const flags = useParticipantFlags(participantId);
  const [acknowledging, setAcknowledging] = useState<Flag | null>(null);
  const [followingUp, setFollowingUp] = useState<Flag | null>(null);
  const rows = useMemo(() => flagsByRelevance(flags.data ?? []), [flags.data]);
  const open = rows.filter((flag) => flag.status === 'OPEN').length;

  const columns: DataTableColumn<Flag>[] = [
    FLAG_COLUMNS.severity,
    { ...FLAG_COLUMNS.finding, stacked: 'title' },
    {
      id: 'matched',
      header: 'Matched text',
      cell: (flag) => flag.matched_text,
      sx: { minWidth: 200 },
      stacked: 'full',
    },
    { id: 'status', header: 'Status', cell: (flag) => <StatusCell flag={flag} /> },
    {
      id: 'actions',
      header: 'Actions',
      stacked: 'bare',
      // One above the other in a column of the card, narrower than the Flags screen.
      cell: (flag, { stacked }) => (
        <Box
          sx={{
            display: 'flex',
            flexDirection: stacked ? 'row' : 'column',
            flexWrap: 'wrap',
            alignItems: 'flex-start',
            gap: stacked ? 1 : 0.5,
          }}
        >
          {flag.conversation_id !== null && (
            <Button
              size="small"
              component={RouterLink}
              to={flagLink(flag)}
              replace
              aria-label={`View the conversation of the ${flag.finding} flag`}
            >
              View conversation
            </Button>
          )}
          {flag.status === 'OPEN' && (
            <Button
              size="small"
              variant="outlined"
              onClick={() => setAcknowledging(flag)}
              aria-label={`Acknowledge the ${flag.finding} flag`}
            >
              Acknowledge
            </Button>
          )}
          <Button
            size="small"
            onClick={() => setFollowingUp(flag)}
            aria-label={`Create task: the ${flag.finding} flag`}
          >
            Create task
          </Button>
        </Box>
      ),
    },
  ];

  return (
    <SectionCard
      title="Flags"
      actions={
        flags.isSuccess ? (
          <Typography variant="body2" color="text.secondary">
            {open === 1 ? '1 open' : `${open} open`}
          </Typography>
        ) : null
      }
    >
      {flags.isError ? (
        <Alert severity="error">Could not load the flags: {errorMessage(flags.error)}</Alert>
      ) : (
        <DataTable<Flag>
          label="Participant flags"
          columns={columns}
          rows={rows}
          getRowId={(flag) => flag.id}
          loading={flags.isPending}
          fetching={flags.isFetching}
          emptyText="No flags raised"
          preview={DETAILS_PREVIEW_ROWS}
          size="small"
        />
      )}
      <LoadWhenOpened open={acknowledging !== null}>
        <AcknowledgeFlagDialog flag={acknowledging} onClose={() => setAcknowledging(null)} />
      </LoadWhenOpened>
      {followingUp &&
        renderFollowUp({
          participantId,
          participantName,
          flag: { id: followingUp.id, finding: followingUp.finding },
          onClose: () => setFollowingUp(null),
        })}
    </SectionCard>
  );
}
