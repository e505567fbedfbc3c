import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { PASSWORD_POLICY_MESSAGES } from '@recovery-portal/contract/password-policy';
import { WEB_ROUTES } from '@recovery-portal/contract/paths';
import { resetPasswordFormSchema } from '@recovery-portal/contract/signup';
import type { ResetPasswordForm } from '@recovery-portal/contract/signup';
import { FormTextField } from '#app/components/form/form-text-field.tsx';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { useNotify } from '#app/lib/notify.ts';
import { useSignup } from '#app/features/account/api/signup.ts';
import { AuthCard } from '#app/components/layout/auth-card.tsx';

type NewPasswordFormProps = {
  userName: string;
  /** The code from the emailed link; the field is read-only only then (DESIGN §5). */
  codeFromLink: string | null;
};

/** Step 2 'Create New Password'. */
export function NewPasswordForm({ userName, codeFromLink }: NewPasswordFormProps) {
  const navigate = useNavigate();
  const notify = useNotify();
  const signupMutation = useSignup();
  const { control, handleSubmit } = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordFormSchema),
    mode: 'onTouched',
    defaultValues: {
      user_name: userName,
      login_code: codeFromLink ?? '',
      password: '',
      confirm_password: '',
    },
  });

  // The schema refuses differing passwords at the confirmation field, so they never get here.
  const onValid = ({ user_name, login_code, password }: ResetPasswordForm) => {
    signupMutation.mutate(
      { user_name, login_code, password },
      {
        onSuccess: () => {
          notify.success(MESSAGES.account.passwordSet);
          void navigate(WEB_ROUTES.login);
        },
        onError: (error) => notify.error(errorMessage(error)),
      },
    );
  };

  return (
    <AuthCard title="Create New Password">
      <Box
        component="form"
        noValidate
        aria-label="Create New Password"
        onSubmit={(event) => void handleSubmit(onValid)(event)}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}
      >
        <FormTextField
          control={control}
          name="user_name"
          label="Email Id"
          type="email"
          autoComplete="username"
          readOnly
        />
        <FormTextField
          control={control}
          name="login_code"
          label="Activation Code"
          autoComplete="one-time-code"
          readOnly={codeFromLink !== null}
        />
        <FormTextField
          control={control}
          name="password"
          label="New Password"
          type="password"
          autoComplete="new-password"
          autoFocus={codeFromLink !== null}
        />
        <FormTextField
          control={control}
          name="confirm_password"
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
        />
        <Typography variant="body2" color="text.secondary">
          {PASSWORD_POLICY_MESSAGES.hint}
        </Typography>
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={signupMutation.isPending}
          fullWidth
        >
          RESET PASSWORD
        </Button>
        <Button component={RouterLink} to={WEB_ROUTES.login} sx={{ alignSelf: 'center' }}>
          LOGIN
        </Button>
      </Box>
    </AuthCard>
  );
}
