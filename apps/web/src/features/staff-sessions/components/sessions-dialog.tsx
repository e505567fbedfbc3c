import { useId, useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { clinicianDisplayName, SESSION_MESSAGES } from '@recovery-portal/contract/clinicians';
import type { Clinician, StaffSession } from '@recovery-portal/contract/clinicians';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { formatDateTime } from '#app/lib/format.ts';
import { useNotify } from '#app/lib/notify.ts';
import { useLastNonNull } from '#app/lib/use-last-non-null.ts';
import { useStaffSessions } from '#app/features/staff-sessions/api/get-staff-sessions.ts';
import { useRevokeAllStaffSessions } from '#app/features/staff-sessions/api/revoke-all-staff-sessions.ts';
import { useRevokeStaffSession } from '#app/features/staff-sessions/api/revoke-staff-session.ts';

type SessionsDialogProps = {
  /** The clinician whose sessions are shown; null closes the dialog. */
  clinician: Clinician | null;
  onClose: () => void;
};

/** What the confirmation is about: one session, or all of them. */
type Confirming = { kind: 'one'; session: StaffSession } | { kind: 'all' } | null;

const when = (value: string) => formatDateTime(value);

/**
 * A clinician's live sign-in sessions for an administrator, each with Revoke, and Revoke all
 * (ADR 0011). A revoked session is signed out at once, on its next call.
 */
export function SessionsDialog({ clinician, onClose }: SessionsDialogProps) {
  const titleId = useId();
  const notify = useNotify();
  const shown = useLastNonNull(clinician);
  const open = clinician !== null;
  const sessions = useStaffSessions(shown?.id ?? null, open);
  const revokeOne = useRevokeStaffSession();
  const revokeAll = useRevokeAllStaffSessions();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const lastConfirming = useLastNonNull(confirming);
  const name = shown ? clinicianDisplayName(shown) : '';
  const rows = sessions.data ?? [];
  const pending = revokeOne.isPending || revokeAll.isPending;
  const narrow = useMediaQuery(useTheme().breakpoints.down('sm'));

  const done = {
    onSuccess: (answer: { message: string }) => {
      setConfirming(null);
      notify.success(answer.message, 'snackbar');
    },
    onError: (error: Error) => {
      setConfirming(null);
      notify.error(errorMessage(error));
    },
  };
  const confirm = () => {
    if (!shown || !confirming) return;
    if (confirming.kind === 'one') {
      revokeOne.mutate({ userId: shown.id, sessionId: confirming.session.id }, done);
    } else {
      revokeAll.mutate(shown.id, done);
    }
  };

  return (
    <>
      <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
        <DialogTitle id={titleId}>{`Sessions of ${name}`}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Each sign-in is a session until it logs out or expires. Revoking a session signs it out
            at once. Last used is when it last signed in or renewed its access.
          </DialogContentText>
          {sessions.isError ? (
            <Alert severity="error">{SESSION_MESSAGES.fetchError}</Alert>
          ) : (
            <SessionRows
              label={`Sessions of ${name}`}
              sessions={rows}
              emptyText={sessions.isPending ? 'Loading...' : 'No active sessions.'}
              narrow={narrow}
              disabled={pending}
              onRevoke={(session) => setConfirming({ kind: 'one', session })}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button
            color="error"
            disabled={rows.length === 0 || pending}
            onClick={() => setConfirming({ kind: 'all' })}
          >
            Revoke all
          </Button>
          <Button onClick={onClose}>Close</Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={confirming !== null}
        title={
          lastConfirming?.kind === 'one'
            ? 'Revoke this session?'
            : `Revoke all sessions of ${name}?`
        }
        body={
          lastConfirming?.kind === 'one'
            ? `The session signed in ${when(lastConfirming.session.created_at)} from ${
                lastConfirming.session.client_address ?? 'an unknown address'
              } is signed out at once.`
            : 'Every device they are signed in on is signed out at once. They can sign in again.'
        }
        destructive
        pending={pending}
        onCancel={() => setConfirming(null)}
        onConfirm={confirm}
      />
    </>
  );
}

type SessionRowsProps = {
  label: string;
  sessions: readonly StaffSession[];
  emptyText: string;
  /** A phone gets one block per session instead of a table too wide for it. */
  narrow: boolean;
  disabled: boolean;
  onRevoke: (session: StaffSession) => void;
};

function SessionRows({ label, sessions, emptyText, narrow, disabled, onRevoke }: SessionRowsProps) {
  const revokeButton = (session: StaffSession) => (
    <Button
      color="error"
      size="small"
      aria-label={`Revoke the session signed in ${when(session.created_at)}`}
      disabled={disabled}
      onClick={() => onRevoke(session)}
    >
      Revoke
    </Button>
  );

  if (narrow) {
    if (sessions.length === 0) return <Typography>{emptyText}</Typography>;
    return (
      <List aria-label={label} disablePadding>
        {sessions.map((session) => (
          <ListItem
            key={session.id}
            divider
            disableGutters
            sx={{ flexDirection: 'column', alignItems: 'stretch', gap: 0.5 }}
          >
            <Typography variant="body2">{`Signed in ${when(session.created_at)}`}</Typography>
            <Typography variant="body2">{`Last used ${when(session.last_used_at)}`}</Typography>
            <Typography variant="body2">{`From ${session.client_address ?? '-'}`}</Typography>
            <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {session.user_agent ?? '-'}
            </Typography>
            <div>{revokeButton(session)}</div>
          </ListItem>
        ))}
      </List>
    );
  }

  return (
    <TableContainer sx={{ position: 'relative' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>Signed in</TableCell>
            <TableCell>Last used</TableCell>
            <TableCell>Address</TableCell>
            <TableCell>Browser</TableCell>
            <TableCell align="right">Action</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sessions.length === 0 ? (
            <TableRow>
              <TableCell colSpan={5} align="center">
                {emptyText}
              </TableCell>
            </TableRow>
          ) : (
            sessions.map((session) => (
              <TableRow key={session.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(session.created_at)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(session.last_used_at)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{session.client_address ?? '-'}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere', width: 280, typography: 'caption' }}>
                  {session.user_agent ?? '-'}
                </TableCell>
                <TableCell align="right">{revokeButton(session)}</TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
