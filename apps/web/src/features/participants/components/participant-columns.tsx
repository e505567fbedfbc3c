import { Box, Button, Typography } from '@mui/material';
import {
  PARTICIPANT_STATUS_LABELS,
  TRACKER_NOT_CONNECTED_LABEL,
} from '@recovery-portal/contract/participants';
import type {
  ParticipantListRow,
  ParticipantStatusFilter,
} from '@recovery-portal/contract/participants';
import { fullName } from '@recovery-portal/contract/participant-identity';
import { DataConnectionChip } from '#app/components/ui/data-connection-chip.tsx';
import { SmallChip } from '#app/components/ui/small-chip.tsx';
import type { DataTableColumn } from '#app/components/ui/data-table.tsx';
import { OpenFlagsIndicator } from '#app/components/ui/open-flags-indicator.tsx';
import { ParticipantIdentifiers } from '#app/components/ui/participant-identity.tsx';
import { formatDate, formatDateTime, formatNumber, toApiDate } from '#app/lib/format.ts';
import { reminderActionOf } from '#app/features/participants/reminder.ts';

/** Invited on and joined on show the day; last seen adds the time (spec §9). */
export const PARTICIPANT_DAY_FORMAT = 'MMM DD YYYY';

export function participantName(row: Pick<ParticipantListRow, 'first_name' | 'last_name'>) {
  return fullName(row);
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

/**
 * The name, under it the second identifiers and the email (spec §2: a dash if missing), and the
 * status in the All view.
 */
function nameColumn(showStatus: boolean): Column {
  return {
    id: 'name',
    header: 'Name',
    label: 'Name, identifiers and email',
    cell: (row) => (
      <Box
        component="span"
        sx={{
          display: 'inline-flex',
          flexDirection: 'column',
          alignItems: 'flex-start',
          gap: 0.25,
        }}
      >
        <Typography component="span" variant="body2" sx={{ fontWeight: 500 }}>
          {participantName(row)}
        </Typography>
        {/* The second identifiers, so that two people of one name are told apart. */}
        <ParticipantIdentifiers participant={row} variant="caption" />
        <Typography component="span" variant="caption" color="text.secondary">
          <Email value={row.user_name} />
        </Typography>
        {/* In the All view the status is otherwise invisible; Active needs no badge. */}
        {showStatus && row.status !== 'ACTIVATED' && (
          <SmallChip
            variant="outlined"
            color={row.status === 'SUSPENDED' ? 'warning' : 'default'}
            sx={{ height: 20, fontSize: '0.75rem' }}
            label={PARTICIPANT_STATUS_LABELS[row.status]}
          />
        )}
      </Box>
    ),
    sx: { minWidth: 150 },
    stacked: 'title',
  };
}

/**
 * The columns a clinician may hide or show (the column chooser); the type is the header's tab,
 * so it starts hidden.
 */
const COMMON: readonly Column[] = [
  { id: 'type', header: 'Type', cell: (row) => row.type, optional: 'hidden' },
  { id: 'group', header: 'Group', cell: (row) => row.group || '-', optional: 'shown' },
];

/**
 * Last seen in the spec's 'MMM DD YYYY hh:mm A', allowed to break between the day and the time
 * so the wide table fits a laptop screen.
 */
function LastSeen({ value }: { value: string | null }) {
  const text = formatDateTime(value);
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
  optional: 'shown',
};

/**
 * A 7-day count: the window goes on a second header line so the wide table still fits. The coach
 * chats and calls start hidden (the Coach screen has them), leaving a laptop room for the rest.
 */
const count = (
  id: string,
  name: string,
  pick: (row: ParticipantListRow) => number | null,
  optional: 'shown' | 'hidden' = 'shown',
) =>
  ({
    id,
    label: `${name} (7 days)`,
    optional,
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

/** Open flags first in the row, so the participants to look at first stand out (triage). */
const FLAGS: Column = {
  id: 'flags',
  header: 'Flags',
  align: 'center',
  // A card leaves the field out rather than show an empty one.
  cell: (row, { stacked }) =>
    stacked && row.open_flag_count === 0 ? null : (
      <OpenFlagsIndicator count={row.open_flag_count} severity={row.top_open_severity} />
    ),
  sx: { ...nowrap, width: 56 },
};

/** The day of the last review and who did it; 'Never' until someone reviews them. */
function LastReviewed({ row }: { row: ParticipantListRow }) {
  if (!row.last_reviewed_at) {
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        Never
      </Typography>
    );
  }
  return (
    <>
      <Box component="span" sx={{ display: 'block', ...nowrap }}>
        {formatDate(row.last_reviewed_at, PARTICIPANT_DAY_FORMAT)}
      </Box>
      {row.last_reviewed_by && (
        <Typography
          component="span"
          variant="caption"
          color="text.secondary"
          sx={{ display: 'block', overflowWrap: 'anywhere' }}
        >
          by {row.last_reviewed_by}
        </Typography>
      )}
    </>
  );
}

const LAST_REVIEWED: Column = {
  id: 'last_reviewed',
  label: 'Last Reviewed',
  optional: 'shown',
  // Two header lines, like the 7-day counts, so the wide table still fits.
  header: (
    <Box component="span" sx={{ display: 'block', whiteSpace: 'normal', minWidth: 64 }}>
      Last Reviewed
    </Box>
  ),
  cell: (row) => <LastReviewed row={row} />,
  sx: { minWidth: 96 },
};

/**
 * The responsible clinician (care team) and, under it, whether an open follow-up task is overdue
 * by this browser's date, or when the next one is due.
 */
function CareTeam({ row, today }: { row: ParticipantListRow; today: string }) {
  const due = row.next_task_due_on;
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}
    >
      <Typography
        component="span"
        variant="body2"
        color={row.responsible ? 'text.primary' : 'text.secondary'}
      >
        {row.responsible?.name ?? 'Unassigned'}
      </Typography>
      {due !== null && due < today && (
        <SmallChip color="error" sx={{ height: 20, fontSize: '0.75rem' }} label="Task overdue" />
      )}
      {due !== null && due >= today && (
        <Typography component="span" variant="caption" color="text.secondary" sx={nowrap}>
          Task due {formatDate(due, PARTICIPANT_DAY_FORMAT)}
        </Typography>
      )}
    </Box>
  );
}

function careTeamColumn(today: string): Column {
  return {
    id: 'care_team',
    header: 'Responsible',
    cell: (row) => <CareTeam row={row} today={today} />,
    sx: { minWidth: 112 },
    optional: 'shown',
  };
}

/**
 * The tracker, and under it a warning when the participant's home data stopped arriving (or never
 * did): the data connection belongs with the device. Current data adds nothing to look at, and
 * invited participants have no devices yet, so missing data is expected of them.
 */
function TrackerAndData({ row }: { row: ParticipantListRow }) {
  const tracker = row.tracker_connected || TRACKER_NOT_CONNECTED_LABEL;
  if (row.status === 'PENDING_ACTIVATION') return tracker;
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}
    >
      <span>{tracker}</span>
      <DataConnectionChip lastTelemetryAt={row.last_telemetry_at} />
    </Box>
  );
}

const ACTIVITY: readonly Column[] = [
  {
    id: 'tracker',
    header: 'Tracker',
    cell: (row) => <TrackerAndData row={row} />,
    // Wide enough that a data warning wraps onto two lines at most.
    sx: { ...nowrap, minWidth: 132 },
    optional: 'shown',
  },
  LAST_SEEN,
  count('sessions', 'Sessions', (row) => row.active_session_count),
  count('chats', 'Chats', (row) => row.coach_chat_count, 'hidden'),
  count('calls', 'Calls', (row) => row.coach_call_count, 'hidden'),
  count('nudges', 'Nudges opened', (row) => row.nudge_open_count),
  {
    id: 'joined_on',
    header: 'Joined On',
    cell: (row) => formatDate(row.joined_on, PARTICIPANT_DAY_FORMAT),
    sx: nowrap,
    optional: 'shown',
  },
];

function reminderColumn({ onRemind, pendingId }: ParticipantRowActions): Column {
  return {
    id: 'action',
    header: 'Action',
    stopRowClick: true,
    stacked: 'bare',
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
    stacked: 'bare',
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
  today: string = toApiDate(),
): readonly Column[] {
  const careTeam = careTeamColumn(today);
  switch (status) {
    case '':
      return [FLAGS, nameColumn(true), ...COMMON, ...ACTIVITY, LAST_REVIEWED, careTeam];
    case 'ACTIVATED':
      return [FLAGS, nameColumn(false), ...COMMON, ...ACTIVITY, LAST_REVIEWED, careTeam];
    case 'PENDING_ACTIVATION':
      return [
        nameColumn(false),
        ...COMMON,
        {
          id: 'invited_on',
          header: 'Invited On',
          cell: (row) => formatDate(row.invited_on, PARTICIPANT_DAY_FORMAT),
          sx: nowrap,
          optional: 'shown',
        },
        careTeam,
        reminderColumn(actions),
      ];
    case 'SUSPENDED':
      return [
        FLAGS,
        nameColumn(false),
        ...COMMON,
        LAST_SEEN,
        LAST_REVIEWED,
        careTeam,
        reactivateColumn(actions),
      ];
  }
}
