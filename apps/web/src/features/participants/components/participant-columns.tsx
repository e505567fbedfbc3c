import { Box, Button, Chip, Typography } from '@mui/material';
import {
  PARTICIPANT_STATUS_LABELS,
  TRACKER_NOT_CONNECTED_LABEL,
} from '@recovery-portal/contract/participants';
import type {
  ParticipantListRow,
  ParticipantStatusFilter,
} from '@recovery-portal/contract/participants';
import type { DataTableColumn } from '../../../components/ui/data-table';
import { DATE_FORMATS, formatDate, formatNumber } from '../../../lib/format';
import { reminderActionOf } from '../reminder';

/** Invited on and joined on show the day; last seen adds the time (spec §9). */
export const PARTICIPANT_DAY_FORMAT = 'MMM DD YYYY';

export function participantName(row: Pick<ParticipantListRow, 'first_name' | 'last_name'>) {
  return `${row.first_name} ${row.last_name}`.trim() || '-';
}

/** What the row actions need: which row is busy and what to do. */
export type ParticipantRowActions = {
  onRemind: (row: ParticipantListRow) => void;
  onReactivate: (row: ParticipantListRow) => void;
  /** The row whose action is running, if any. */
  pendingId: number | null;
};

type Column = DataTableColumn<ParticipantListRow>;

const nowrap = { whiteSpace: 'nowrap' } as const;

function nameColumn(showStatus: boolean): Column {
  return {
    id: 'name',
    header: 'Name',
    cell: (row) => (
      <Box
        component="span"
        sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}
      >
        <Typography component="span" variant="body2" sx={{ fontWeight: 500 }}>
          {participantName(row)}
        </Typography>
        {/* In the All view the status is otherwise invisible; Active needs no badge. */}
        {showStatus && row.status !== 'ACTIVATED' && (
          <Chip
            size="small"
            variant="outlined"
            color={row.status === 'SUSPENDED' ? 'warning' : 'default'}
            sx={{ height: 20, fontSize: '0.75rem' }}
            label={PARTICIPANT_STATUS_LABELS[row.status]}
          />
        )}
      </Box>
    ),
    sx: { minWidth: 140 },
  };
}

const COMMON: readonly Column[] = [
  { id: 'email', header: 'Email', cell: (row) => <Email value={row.user_name} /> },
  { id: 'type', header: 'Type', cell: (row) => row.type },
  { id: 'group', header: 'Group', cell: (row) => row.group || '-' },
];

/**
 * Last seen in the spec's 'MMM DD YYYY hh:mm A', allowed to break between the day and the time
 * so the eleven columns fit a laptop screen.
 */
function LastSeen({ value }: { value: string | null }) {
  const text = formatDate(value, DATE_FORMATS.lastSeen);
  // The time is the last two words ('10:47 PM').
  const split = text.lastIndexOf(' ', text.lastIndexOf(' ') - 1);
  if (split <= 0) return text;
  return (
    <>
      <Box component="span" sx={nowrap}>
        {text.slice(0, split)}
      </Box>{' '}
      <Box component="span" sx={nowrap}>
        {text.slice(split + 1)}
      </Box>
    </>
  );
}

/** An email may break after its @, the only place a reader expects it to. */
function Email({ value }: { value: string | null }) {
  if (!value) return '-';
  const at = value.indexOf('@');
  if (at === -1) return value;
  return (
    <>
      {value.slice(0, at + 1)}
      <wbr />
      {value.slice(at + 1)}
    </>
  );
}

const LAST_SEEN: Column = {
  id: 'last_seen',
  header: 'Last Seen',
  cell: (row) => <LastSeen value={row.last_app_open} />,
};

/** A 7-day count: the window goes on a second header line so the wide table still fits. */
const count = (id: string, name: string, pick: (row: ParticipantListRow) => number | null) =>
  ({
    id,
    header: (
      <Box component="span" sx={{ display: 'block', whiteSpace: 'normal', minWidth: 64 }}>
        {name}{' '}
        <Box component="span" sx={{ display: 'block', fontWeight: 400, whiteSpace: 'nowrap' }}>
          (7 days)
        </Box>
      </Box>
    ),
    align: 'right',
    cell: (row) => formatNumber(pick(row)),
  }) satisfies Column;

const ACTIVITY: readonly Column[] = [
  {
    id: 'tracker',
    header: 'Tracker',
    cell: (row) => row.tracker_connected || TRACKER_NOT_CONNECTED_LABEL,
    sx: nowrap,
  },
  LAST_SEEN,
  count('sessions', 'Sessions', (row) => row.active_session_count),
  count('chats', 'Chats', (row) => row.coach_chat_count),
  count('calls', 'Calls', (row) => row.coach_call_count),
  count('nudges', 'Nudges opened', (row) => row.nudge_open_count),
  {
    id: 'joined_on',
    header: 'Joined On',
    cell: (row) => formatDate(row.joined_on, PARTICIPANT_DAY_FORMAT),
    sx: nowrap,
  },
];

function reminderColumn({ onRemind, pendingId }: ParticipantRowActions): Column {
  return {
    id: 'action',
    header: 'Action',
    stopRowClick: true,
    cell: (row) => {
      const action = reminderActionOf(row);
      switch (action.kind) {
        case 'send':
          return (
            <Button
              size="small"
              variant="outlined"
              loading={pendingId === row.id}
              disabled={pendingId !== null && pendingId !== row.id}
              onClick={() => onRemind(row)}
              aria-label={`Send Reminder to ${participantName(row)}`}
            >
              Send Reminder
            </Button>
          );
        case 'wait':
          return (
            <Typography component="span" variant="body2" color="text.secondary">
              {action.text}
            </Typography>
          );
        case 'none':
          return '-';
      }
    },
    sx: nowrap,
  };
}

function reactivateColumn({ onReactivate, pendingId }: ParticipantRowActions): Column {
  return {
    id: 'action',
    header: 'Action',
    stopRowClick: true,
    cell: (row) => (
      <Button
        size="small"
        variant="outlined"
        loading={pendingId === row.id}
        disabled={pendingId !== null && pendingId !== row.id}
        onClick={() => onReactivate(row)}
        aria-label={`Reactivate ${participantName(row)}`}
      >
        Reactivate
      </Button>
    ),
  };
}

/** Spec §2: the columns of each status view. */
export function participantColumns(
  status: ParticipantStatusFilter,
  actions: ParticipantRowActions,
): readonly Column[] {
  switch (status) {
    case '':
      return [nameColumn(true), ...COMMON, ...ACTIVITY];
    case 'ACTIVATED':
      return [nameColumn(false), ...COMMON, ...ACTIVITY];
    case 'PENDING_ACTIVATION':
      return [
        nameColumn(false),
        ...COMMON,
        {
          id: 'invited_on',
          header: 'Invited On',
          cell: (row) => formatDate(row.invited_on, PARTICIPANT_DAY_FORMAT),
          sx: nowrap,
        },
        reminderColumn(actions),
      ];
    case 'SUSPENDED':
      return [nameColumn(false), ...COMMON, LAST_SEEN, reactivateColumn(actions)];
  }
}
