import type { ReactNode } from 'react';
import { Box, Button, DialogActions, DialogContent } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { MFA_MESSAGES, totpCodeSchema } from '@recovery-portal/contract/mfa';
import { OneTimeCodeField } from '#app/components/form/one-time-code-field.tsx';
import { ApiError, errorMessage } from '#app/lib/api/api-error.ts';
import { useNotify } from '#app/lib/notify.ts';
import { useConfirmMfaSetup } from '#app/features/mfa/api/confirm-mfa-setup.ts';

const confirmFormSchema = z.object({ code: totpCodeSchema });
type ConfirmForm = z.infer<typeof confirmFormSchema>;

/** The QR code step (children) and the first code, which turns two-step sign-in on. */
export function ConfirmSetupForm({
  children,
  onConfirmed,
  onCancel,
}: {
  children: ReactNode;
  onConfirmed: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  const notify = useNotify();
  const confirm = useConfirmMfaSetup();
  const { control, handleSubmit, setError } = useForm<ConfirmForm>({
    resolver: zodResolver(confirmFormSchema),
    defaultValues: { code: '' },
  });

  const onValid = ({ code }: ConfirmForm) =>
    confirm.mutate(
      { code },
      {
        onSuccess: ({ recovery_codes }) => {
          notify.success(MFA_MESSAGES.enabled, 'toast');
          onConfirmed(recovery_codes);
        },
        onError: (error) => {
          if (error instanceof ApiError && [400, 422, 429].includes(error.status)) {
            setError(
              'code',
              { type: 'server', message: errorMessage(error) },
              { shouldFocus: true },
            );
            return;
          }
          notify.error(errorMessage(error));
        },
      },
    );

  return (
    <Box
      component="form"
      noValidate
      aria-label="Set up two-step sign-in"
      onSubmit={(event) => void handleSubmit(onValid)(event)}
    >
      {/* Inside the form, so MUI's title-then-content spacing rule does not apply. */}
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 0 }}>
        {children}
        <OneTimeCodeField
          control={control}
          name="code"
          label="Authentication code"
          kind="totp"
          helperText="The 6 digits the app shows for Recovery Portal"
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="contained" loading={confirm.isPending}>
          Turn on
        </Button>
      </DialogActions>
    </Box>
  );
}
