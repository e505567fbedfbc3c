import { useState } from 'react';
import { Box, Button, DialogActions, DialogContent, Link, Typography } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { MFA_MESSAGES, totpCodeSchema } from '@recovery-portal/contract/mfa';
import type { MfaProof } from '@recovery-portal/contract/mfa';
import { OneTimeCodeField } from '#app/components/form/one-time-code-field.tsx';
import { PasswordField } from '#app/components/form/password-field.tsx';
import { ApiError, errorMessage } from '#app/lib/api/api-error.ts';
import { useNotify } from '#app/lib/notify.ts';
import { useDisableMfa } from '#app/features/mfa/api/disable-mfa.ts';
import { useRegenerateRecoveryCodes } from '#app/features/mfa/api/regenerate-recovery-codes.ts';

export type ProofPurpose = 'disable' | 'regenerate';

const TEXT: Record<ProofPurpose, { intro: string; action: string }> = {
  disable: {
    intro:
      'Turning two-step sign-in off makes your password alone enough to sign in, and your recovery codes stop working.',
    action: 'Turn off',
  },
  regenerate: {
    intro: 'New recovery codes replace your current ones, which stop working at once.',
    action: 'Make new codes',
  },
};

const passwordFormSchema = z.object({
  value: z.string().check(z.minLength(1, MESSAGES.validation.passwordRequired)),
});
const codeFormSchema = z.object({ value: totpCodeSchema });
type ProofForm = { value: string };

/**
 * Confirms that the account holder is at the screen, with the password or a current code,
 * before two-step sign-in is turned off or the recovery codes are replaced.
 */
export function ProofForm({
  purpose,
  onDone,
  onCancel,
}: {
  purpose: ProofPurpose;
  /** Called with the new recovery codes, or null once it was turned off. */
  onDone: (codes: string[] | null) => void;
  onCancel: () => void;
}) {
  const [withCode, setWithCode] = useState(false);
  return (
    <ProofFields
      // A fresh form per kind of proof, with that kind's validation.
      key={withCode ? 'code' : 'password'}
      purpose={purpose}
      withCode={withCode}
      onSwitch={() => setWithCode((value) => !value)}
      onDone={onDone}
      onCancel={onCancel}
    />
  );
}

function ProofFields({
  purpose,
  withCode,
  onSwitch,
  onDone,
  onCancel,
}: {
  purpose: ProofPurpose;
  withCode: boolean;
  onSwitch: () => void;
  onDone: (codes: string[] | null) => void;
  onCancel: () => void;
}) {
  const notify = useNotify();
  const disable = useDisableMfa();
  const regenerate = useRegenerateRecoveryCodes();
  const { control, handleSubmit, setError } = useForm<ProofForm>({
    resolver: zodResolver(withCode ? codeFormSchema : passwordFormSchema),
    defaultValues: { value: '' },
  });

  const onError = (error: Error) => {
    if (error instanceof ApiError && [400, 409, 422, 429].includes(error.status)) {
      setError('value', { type: 'server', message: errorMessage(error) }, { shouldFocus: true });
      return;
    }
    notify.error(errorMessage(error));
  };
  const onValid = ({ value }: ProofForm) => {
    const proof: MfaProof = withCode ? { code: value } : { password: value };
    if (purpose === 'disable') {
      disable.mutate(proof, {
        onSuccess: () => {
          notify.success(MFA_MESSAGES.disabled, 'toast');
          onDone(null);
        },
        onError,
      });
    } else {
      regenerate.mutate(proof, {
        onSuccess: ({ recovery_codes }) => {
          notify.success(MFA_MESSAGES.recoveryCodesReplaced, 'toast');
          onDone(recovery_codes);
        },
        onError,
      });
    }
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label={TEXT[purpose].action}
      onSubmit={(event) => void handleSubmit(onValid)(event)}
    >
      {/* Inside the form, so MUI's title-then-content spacing rule does not apply. */}
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 0 }}>
        <Typography>{TEXT[purpose].intro}</Typography>
        <Typography variant="body2">
          {withCode
            ? 'Enter a current code from your authenticator app to confirm.'
            : 'Enter your password to confirm.'}
        </Typography>
        {withCode ? (
          <OneTimeCodeField
            control={control}
            name="value"
            label="Authentication code"
            kind="totp"
            autoFocus
          />
        ) : (
          <PasswordField
            control={control}
            name="value"
            label="Password"
            autoComplete="current-password"
            autoFocus
          />
        )}
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={onSwitch}
          sx={{ alignSelf: 'flex-start' }}
        >
          {withCode ? 'Use your password instead' : 'Use a code from your app instead'}
        </Link>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button
          type="submit"
          variant="contained"
          color={purpose === 'disable' ? 'error' : 'primary'}
          loading={disable.isPending || regenerate.isPending}
        >
          {TEXT[purpose].action}
        </Button>
      </DialogActions>
    </Box>
  );
}
