import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button } from '@mui/material';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { sendCodeRequestSchema } from '@recovery-portal/contract/account';
import type { SendCodeRequest } from '@recovery-portal/contract/account';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { WEB_ROUTES } from '@recovery-portal/contract/paths';
import { FormTextField } from '#app/components/form/form-text-field.tsx';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { useNotify } from '#app/lib/notify.ts';
import { useSendCode } from '#app/features/account/api/send-code.ts';
import { AuthCard } from '#app/components/layout/auth-card.tsx';

/** Step 1 'Reset Password': SEND OTP stays disabled until the email is valid (spec §5). */
export function SendCodeForm({ onSent }: { onSent: (userName: string) => void }) {
  const notify = useNotify();
  const sendCodeMutation = useSendCode();
  const {
    control,
    handleSubmit,
    formState: { isValid },
  } = useForm<SendCodeRequest>({
    resolver: zodResolver(sendCodeRequestSchema),
    // A field left blank or wrong says so when the user moves on, not only after typing.
    mode: 'onTouched',
    defaultValues: { user_name: '' },
  });

  const onValid = (values: SendCodeRequest) => {
    sendCodeMutation.mutate(values, {
      onSuccess: () => {
        notify.success(MESSAGES.account.codeSent);
        onSent(values.user_name);
      },
      onError: (error) => notify.error(errorMessage(error)),
    });
  };

  return (
    <AuthCard title="Reset Password">
      <Box
        component="form"
        noValidate
        aria-label="Reset Password"
        onSubmit={(event) => void handleSubmit(onValid)(event)}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}
      >
        <FormTextField
          control={control}
          name="user_name"
          label="Email Id"
          placeholder="Enter your mail id"
          type="email"
          autoComplete="username"
          autoFocus
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={!isValid}
          loading={sendCodeMutation.isPending}
          fullWidth
        >
          SEND OTP
        </Button>
        <Button component={RouterLink} to={WEB_ROUTES.login} sx={{ alignSelf: 'center' }}>
          LOGIN
        </Button>
      </Box>
    </AuthCard>
  );
}
