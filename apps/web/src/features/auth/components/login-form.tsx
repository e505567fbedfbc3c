import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Link } from '@mui/material';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { loginRequestSchema } from '@recovery-portal/contract/account';
import type { LoginRequest } from '@recovery-portal/contract/account';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { WEB_ROUTES } from '@recovery-portal/contract/paths';
import { FormTextField } from '../../../components/form/form-text-field';
import { PasswordField } from '../../../components/form/password-field';
import { errorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useNotify } from '../../../lib/notify';
import { homePathFor } from '../../../lib/session';
import { useLogin } from '../api/login';
import { AuthCard } from './auth-card';

const FIELDS = ['user_name', 'password'] as const;

export function LoginForm() {
  const navigate = useNavigate();
  const notify = useNotify();
  const loginMutation = useLogin();
  const { control, handleSubmit, setError } = useForm<LoginRequest>({
    resolver: zodResolver(loginRequestSchema),
    mode: 'onTouched',
    defaultValues: { user_name: '', password: '' },
  });

  // handleSubmit only calls this with valid values, so an invalid form sends nothing (spec §4).
  const onValid = (values: LoginRequest) => {
    loginMutation.mutate(values, {
      onSuccess: ({ user }) => {
        void navigate(homePathFor(user.role), { replace: true });
      },
      onError: (error) => {
        // Spec §8: this one server message belongs to the password field, not a toast.
        if (errorMessage(error) === MESSAGES.account.invalidPassword) {
          setError(
            'password',
            { type: 'server', message: MESSAGES.account.invalidPassword },
            { shouldFocus: true },
          );
          return;
        }
        if (applyServerFieldErrors(error, setError, FIELDS)) return;
        notify.error(errorMessage(error));
      },
    });
  };

  return (
    <AuthCard title="Login">
      <Box
        component="form"
        noValidate
        aria-label="Login"
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
        <PasswordField
          control={control}
          name="password"
          label="Password"
          placeholder="Enter your password"
          autoComplete="current-password"
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={loginMutation.isPending}
          fullWidth
        >
          Login
        </Button>
        <Link component={RouterLink} to={WEB_ROUTES.resetPassword} sx={{ alignSelf: 'center' }}>
          Forgot password?
        </Link>
      </Box>
    </AuthCard>
  );
}
