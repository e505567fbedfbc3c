import { useEffect } from 'react';
import { Box, Button, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { PASSWORD_POLICY_MESSAGES } from '@recovery-portal/contract/password-policy-messages';
import { WEB_ROUTES } from '@recovery-portal/contract/paths';
import type { ResetPasswordForm } from '@recovery-portal/contract/signup';
import { FormTextField } from '#app/components/form/form-text-field.tsx';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { lazyResolver } from '#app/lib/lazy-resolver.ts';
import { useNotify } from '#app/lib/notify.ts';
import { useSignup } from '#app/features/account/api/signup.ts';
import { AuthCard } from '#app/components/layout/auth-card.tsx';

// The schema's strength check carries zxcvbn's common-password lists (over 200 KB gzipped): they
// download once the form is on screen, so neither step of the page waits for them.
const validation = lazyResolver<ResetPasswordForm>(async () => {
  const [{ zodResolver }, { resetPasswordFormSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@recovery-portal/contract/signup'),
  ]);
  return zodResolver(resetPasswordFormSchema);
});

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
  useEffect(() => {
    validation.preload().catch(() => undefined);
  }, []);
  const { control, handleSubmit } = useForm<ResetPasswordForm>({
    resolver: validation.resolver,
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
