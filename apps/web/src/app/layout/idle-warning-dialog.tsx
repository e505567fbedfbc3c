import { useEffect, useId, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { SESSION_POLICY_MESSAGES } from '@recovery-portal/contract/session-policy';

/** Idle logoff's last minute (ADR 0013): stay signed in, or sign out now. */
export function IdleWarningDialog({
  deadline,
  onStay,
  onSignOut,
}: {
  deadline: number | null;
  onStay: () => void;
  onSignOut: () => void;
}) {
  const titleId = useId();
  const bodyId = useId();
  // The last deadline stays on screen while the dialog animates closed.
  const [shownDeadline, setShownDeadline] = useState(deadline);
  if (deadline !== null && deadline !== shownDeadline) setShownDeadline(deadline);

  return (
    <Dialog
      open={deadline !== null}
      // Escape or a click outside also mean the user is there.
      onClose={onStay}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      slotProps={{ paper: { sx: { width: 420, maxWidth: 'calc(100% - 32px)' } } }}
    >
      <DialogTitle id={titleId}>{SESSION_POLICY_MESSAGES.warningTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id={bodyId}>
          {shownDeadline === null ? null : (
            <Countdown key={shownDeadline} deadline={shownDeadline} running={deadline !== null} />
          )}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onSignOut}>{SESSION_POLICY_MESSAGES.signOutNow}</Button>
        <Button variant="contained" onClick={onStay} autoFocus>
          {SESSION_POLICY_MESSAGES.staySignedIn}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The warning sentence with the seconds left, updated every second while it runs. */
function Countdown({ deadline, running }: { deadline: number; running: boolean }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const interval = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(interval);
  }, [running]);
  const seconds = Math.max(0, Math.ceil((deadline - now) / 1000));
  return SESSION_POLICY_MESSAGES.warningBody(seconds);
}
