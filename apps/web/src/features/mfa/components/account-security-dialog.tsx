import { useId, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import { MFA_MESSAGES } from '@recovery-portal/contract/mfa';
import type { MfaEnrolment, MfaStatus } from '@recovery-portal/contract/mfa';
import { AuthenticatorSetup } from './authenticator-setup';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { DATE_FORMATS, formatDate } from '#app/lib/format.ts';
import { useNotify } from '#app/lib/notify.ts';
import { useMfaStatus } from '#app/features/mfa/api/get-mfa-status.ts';
import { useStartMfaSetup } from '#app/features/mfa/api/start-mfa-setup.ts';
import { ConfirmSetupForm } from './confirm-setup-form';
import { ProofForm, type ProofPurpose } from './proof-form';

type View =
  | { name: 'overview' }
  | { name: 'setup'; enrolment: MfaEnrolment }
  | { name: 'codes'; codes: string[] }
  | { name: 'proof'; purpose: ProofPurpose };

export type AccountSecurityDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The signed-in staff member's email, the account name in the app and on the codes file. */
  accountName: string;
};

/**
 * The signed-in staff member's sign-in security: set up two-step sign-in (QR code, then the
 * first code, then the recovery codes, shown once), replace the recovery codes, turn it off.
 */
export function AccountSecurityDialog({ open, onClose, accountName }: AccountSecurityDialogProps) {
  const titleId = useId();
  const [view, setView] = useState<View>({ name: 'overview' });
  const status = useMfaStatus(open);
  const close = () => {
    onClose();
    setView({ name: 'overview' });
  };
  // Recovery codes are on screen once: leaving by Escape or the backdrop would lose them.
  const showingCodes = view.name === 'codes';

  return (
    <Dialog
      open={open}
      onClose={showingCodes ? undefined : close}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { width: 520, maxWidth: 'calc(100% - 32px)' } } }}
    >
      <DialogTitle id={titleId}>Sign-in security</DialogTitle>
      {view.name === 'overview' ? (
        <Overview
          status={status.data}
          loading={status.isPending}
          failed={status.isError}
          onSetup={(enrolment) => setView({ name: 'setup', enrolment })}
          onProof={(purpose) => setView({ name: 'proof', purpose })}
          onClose={close}
        />
      ) : view.name === 'setup' ? (
        <ConfirmSetupForm
          onConfirmed={(codes) => setView({ name: 'codes', codes })}
          onCancel={() => setView({ name: 'overview' })}
        >
          <AuthenticatorSetup enrolment={view.enrolment} />
        </ConfirmSetupForm>
      ) : view.name === 'codes' ? (
        <>
          <DialogContent>
            <RecoveryCodesPanel codes={view.codes} accountName={accountName} />
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={() => setView({ name: 'overview' })}>
              I have saved them
            </Button>
          </DialogActions>
        </>
      ) : (
        <ProofForm
          purpose={view.purpose}
          onDone={(codes) => setView(codes ? { name: 'codes', codes } : { name: 'overview' })}
          onCancel={() => setView({ name: 'overview' })}
        />
      )}
    </Dialog>
  );
}

function Overview({
  status,
  loading,
  failed,
  onSetup,
  onProof,
  onClose,
}: {
  status: MfaStatus | undefined;
  loading: boolean;
  failed: boolean;
  onSetup: (enrolment: MfaEnrolment) => void;
  onProof: (purpose: ProofPurpose) => void;
  onClose: () => void;
}) {
  const notify = useNotify();
  const start = useStartMfaSetup();
  const beginSetup = () =>
    start.mutate(undefined, {
      onSuccess: onSetup,
      onError: (error) => notify.error(errorMessage(error)),
    });

  return (
    <>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {loading ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
            <CircularProgress aria-label="Loading sign-in security" />
          </Box>
        ) : failed || !status ? (
          <Alert severity="error">{MFA_MESSAGES.statusFetchError}</Alert>
        ) : status.enabled ? (
          <>
            <Typography>
              <strong>Two-step sign-in is on</strong>
              {status.enabled_at
                ? ` since ${formatDate(status.enabled_at, DATE_FORMATS.reading)}`
                : ''}
              . Signing in asks for a code from your authenticator app after your password.
            </Typography>
            <Typography color={status.recovery_codes_left <= 3 ? 'error' : 'text.primary'}>
              {status.recovery_codes_left === 1
                ? '1 recovery code left.'
                : `${status.recovery_codes_left} recovery codes left.`}
              {status.recovery_codes_left <= 3 ? ' Make new ones before they run out.' : ''}
            </Typography>
            {status.required_for_staff ? (
              <Alert severity="info">{MFA_MESSAGES.requiredCannotDisable}</Alert>
            ) : null}
          </>
        ) : (
          <>
            <Typography>
              <strong>Two-step sign-in is off.</strong> With it on, signing in also asks for a
              6-digit code from an authenticator app on your phone, so a stolen password alone
              cannot open your account.
            </Typography>
            {status.required_for_staff ? (
              <Alert severity="info">
                Your administrator requires two-step sign-in for all staff: you will be asked to set
                it up at your next sign-in, or you can do it now.
              </Alert>
            ) : null}
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {status?.enabled ? (
          <>
            <Button onClick={() => onProof('regenerate')}>Make new recovery codes</Button>
            <Button
              color="error"
              disabled={status.required_for_staff}
              onClick={() => onProof('disable')}
            >
              Turn off
            </Button>
          </>
        ) : status ? (
          <Button variant="contained" loading={start.isPending} onClick={beginSetup}>
            Set up two-step sign-in
          </Button>
        ) : null}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </>
  );
}
