import { useEffect, useState } from 'react';
import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink, useNavigate } from 'react-router';
import { MINE_URL_PARAM, MINE_URL_VALUE } from '@recovery-portal/contract/care-team';
import { FLAG_PAGE_SIZE, FLAG_MESSAGES } from '@recovery-portal/contract/flags';
import type { Flag } from '@recovery-portal/contract/flags';
import { identityText } from '@recovery-portal/contract/participant-identity';
import { PageHeading } from '#app/components/layout/page-heading.tsx';
import { DataTable } from '#app/components/ui/data-table.tsx';
import type { DataTableColumn } from '#app/components/ui/data-table.tsx';
import { pageCount } from '#app/components/ui/paginator.tsx';
import { ParticipantIdentifiers } from '#app/components/ui/participant-identity.tsx';
import { truncateWords } from '#app/lib/format.ts';
import { pageToStart, useListState } from '#app/lib/list-state.ts';
import { FilterSwitch } from '#app/components/ui/filter-switch.tsx';
import { useParticipantType } from '#app/lib/participant-type.ts';
import { useOpenFlags } from '#app/features/flags/api/get-open-flags.ts';
import type { RenderFlagFollowUp } from '#app/features/flags/flag-follow-up.ts';
import { flagLink, participantNameOf } from '#app/features/flags/flag-link.ts';
import { AcknowledgeFlagDialog } from './acknowledge-flag-dialog';
import { FLAG_COLUMNS } from './flag-columns';

/** The matched text is cut to this many words in the table; the dialog shows all of it. */
const MATCHED_TEXT_WORDS = 18;
/** The Flags list keeps its page and "Mine" (`?mine=1`, the digest mail's link) in the URL. */
const FLAG_FILTERS = { [MINE_URL_PARAM]: '' } as const;
const ALLOWED = { [MINE_URL_PARAM]: [MINE_URL_VALUE] } as const;

/**
 * The Flags screen (ADR 0010): open flags of the selected participant type, most severe and
 * oldest first. A row opens the participant (a conversation flag with its conversation open at
 * the match); Acknowledge takes an optional note and the flag leaves the list.
 */
export function FlagsList({ renderFollowUp }: { renderFollowUp: RenderFlagFollowUp }) {
  const navigate = useNavigate();
  const [type] = useParticipantType();
  const { values, setValues, page, setPage } = useListState(FLAG_FILTERS, {
    allowed: ALLOWED,
    resetPageOn: type,
  });
  const mine = values[MINE_URL_PARAM] === MINE_URL_VALUE;
  const query = {
    type,
    page_size: FLAG_PAGE_SIZE,
    start: pageToStart(page, FLAG_PAGE_SIZE),
    mine,
  };
  const flags = useOpenFlags(query);
  const [acknowledging, setAcknowledging] = useState<Flag | null>(null);
  const [followingUp, setFollowingUp] = useState<Flag | null>(null);

  const rows = flags.isError ? [] : (flags.data?.flags ?? []);
  const total = flags.isError ? 0 : (flags.data?.total ?? 0);

  // The last flag of the last page was acknowledged (or an old link): show the last page.
  const lastPage = pageCount(total, FLAG_PAGE_SIZE);
  const pastTheEnd = !flags.isPlaceholderData && total > 0 && page > lastPage;
  useEffect(() => {
    if (pastTheEnd) setPage(lastPage, { replace: true });
  }, [pastTheEnd, lastPage, setPage]);

  const columns: DataTableColumn<Flag>[] = [
    FLAG_COLUMNS.severity,
    {
      id: 'participant',
      header: 'Participant',
      cell: (flag) => (
        <>
          {participantNameOf(flag)}
          <ParticipantIdentifiers participant={flag} />
        </>
      ),
      sx: { whiteSpace: 'nowrap', fontWeight: 600 },
      stacked: 'title',
    },
    FLAG_COLUMNS.finding,
    {
      id: 'matched',
      header: 'Matched text',
      cell: (flag) => truncateWords(flag.matched_text, MATCHED_TEXT_WORDS),
      sx: { minWidth: 220 },
      stacked: 'full',
    },
    {
      id: 'actions',
      header: 'Actions',
      stopRowClick: true,
      stacked: 'bare',
      cell: (flag) => {
        const what = `${flag.finding} flag of ${participantNameOf(flag)}`;
        // The visible words start the accessible name (WCAG 2.5.3), the rest says whose flag.
        return (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button
              size="small"
              component={RouterLink}
              to={flagLink(flag)}
              aria-label={`View participant: ${what}`}
            >
              View participant
            </Button>
            <Button
              size="small"
              variant="outlined"
              onClick={() => setAcknowledging(flag)}
              aria-label={`Acknowledge ${what}`}
            >
              Acknowledge
            </Button>
            <Button
              size="small"
              onClick={() => setFollowingUp(flag)}
              aria-label={`Create task: ${what}`}
            >
              Create task
            </Button>
          </Box>
        );
      },
    },
  ];

  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 2, mb: 2 }}>
        <Box sx={{ flexGrow: 1, '& h1': { mb: 0 } }}>
          <PageHeading title="Flags" />
        </Box>
        <FilterSwitch
          label="Mine"
          checked={mine}
          onChange={(on) => setValues({ [MINE_URL_PARAM]: on ? MINE_URL_VALUE : '' })}
        />
        {!flags.isPending && !flags.isError && (
          <Typography color="text.secondary" role="status">
            {total === 1 ? '1 open flag' : `${total} open flags`} · {type}
            {mine ? ' · mine' : ''}
          </Typography>
        )}
      </Box>
      <DataTable<Flag>
        label="Open flags"
        columns={columns}
        rows={rows}
        getRowId={(flag) => flag.id}
        loading={flags.isPending}
        fetching={flags.isFetching}
        error={
          flags.isError
            ? { message: FLAG_MESSAGES.listError, onRetry: () => flags.refetch() }
            : null
        }
        stale={flags.isPlaceholderData}
        emptyText="No open flags"
        onRowClick={(flag) => void navigate(flagLink(flag))}
        pagination={{ total, page, pageSize: FLAG_PAGE_SIZE, onPageChange: setPage }}
        size="small"
        sx={{ bgcolor: 'background.paper', borderRadius: 1 }}
      />
      <AcknowledgeFlagDialog flag={acknowledging} onClose={() => setAcknowledging(null)} />
      {followingUp &&
        renderFollowUp({
          participantId: followingUp.user_id,
          participantName: identityText(followingUp),
          flag: { id: followingUp.id, finding: followingUp.finding },
          onClose: () => setFollowingUp(null),
        })}
    </>
  );
}
