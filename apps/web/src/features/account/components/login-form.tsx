import { useState, type ReactNode } from 'react';
import { Box, Button, Link, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import type { LoginRequest } from '@recovery-portal/contract/account';
import type { MfaChallenge } from '@recovery-portal/contract/mfa';
import { WEB_ROUTES } from '@recovery-portal/contract/paths';
import { FormTextField } from '#app/components/form/form-text-field.tsx';
import { PasswordField } from '#app/components/form/password-field.tsx';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { applyServerFieldErrors } from '#app/lib/form-errors.ts';
import { lazyResolver } from '#app/lib/lazy-resolver.ts';
import { useNotify } from '#app/lib/notify.ts';
import { PortalLink, usePortalNavigation } from '#app/lib/portal-navigation.tsx';
import { signInDestination } from '#app/lib/return-after-sign-in.ts';
import { homePathFor } from '#app/lib/session.ts';
import { preloadLogin, useLogin } from '#app/features/account/api/login.ts';
import { AuthCard } from '#app/components/layout/auth-card.tsx';

const FIELDS = ['user_name', 'password'] as const;

// The contract schema validates the form as always; its code (zod) is no part of the first load.
const validation = lazyResolver<LoginRequest>(async () => {
  const [{ zodResolver }, { loginRequestSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@recovery-portal/contract/account'),
  ]);
  return zodResolver(loginRequestSchema);
});

/**
 * `notice`: a sentence for the top of the form, such as why the last session ended. `above`:
 * other ways to sign in (single sign-on), shown first; `passwordSignIn: false` leaves only them.
 * `renderChallenge` draws the two-step step a sign-in asks for (the route hands in the mfa
 * feature's); `restart` comes back here with the sentence to show.
 */
export function LoginForm({
  notice = null,
  above = null,
  passwordSignIn = true,
  renderChallenge,
}: {
  notice?: string | null;
  above?: ReactNode;
  passwordSignIn?: boolean;
  renderChallenge: (challenge: MfaChallenge, restart: (notice: string | null) => void) => ReactNode;
}) {
  const { navigate } = usePortalNavigation();
  const notify = useNotify();
  const loginMutation = useLogin();
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  const [restartNotice, setRestartNotice] = useState<string | null>(null);
  // Validation and the HTTP client download while the user types, so neither is part of the
  // first load (DESIGN §7) and a blur or submit rarely waits for them.
  const preload = () => {
    validation.preload().catch(() => undefined);
    preloadLogin();
  };
  const { control, handleSubmit, setError, resetField } = useForm<LoginRequest>({
    resolver: validation.resolver,
    mode: 'onTouched',
    defaultValues: { user_name: '', password: '' },
  });

  // handleSubmit only calls this with valid values, so an invalid form sends nothing (spec §4).
  const onValid = (values: LoginRequest) => {
    loginMutation.mutate(values, {
      onSuccess: (result) => {
        if ('challenge_token' in result) {
          setRestartNotice(null);
          setChallenge(result);
          return;
        }
        navigate(signInDestination(result.user.role, homePathFor(result.user.role)), {
          replace: true,
        });
      },
      onError: (error) => {
        // Spec §8: a refused sign-in names the password field ('Invalid password'), not a toast.
        if (applyServerFieldErrors(error, setError, FIELDS)) return;
        notify.error(errorMessage(error));
      },
    });
  };

  if (challenge) {
    const restart = (message: string | null) => {
      resetField('password');
      setRestartNotice(message);
      setChallenge(null);
    };
    return renderChallenge(challenge, restart);
  }

  const shownNotice = restartNotice ?? notice;
  const noticeBox = shownNotice ? (
    <Typography
      role="status"
      variant="body2"
      sx={{
        p: 1.5,
        borderRadius: 1,
        borderLeft: 4,
        borderColor: 'info.main',
        bgcolor: 'action.hover',
      }}
    >
      {shownNotice}
    </Typography>
  ) : null;
  if (!passwordSignIn) {
    return (
      <AuthCard title="Login">
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
          {noticeBox}
          {above}
        </Box>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Login">
      {above ? <Box sx={{ mb: 2.5 }}>{above}</Box> : null}
      <Box
        component="form"
        noValidate
        aria-label="Login"
        onInput={preload}
        onSubmit={(event) => void handleSubmit(onValid)(event)}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}
      >
        {noticeBox}
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
        <Link component={PortalLink} to={WEB_ROUTES.resetPassword} sx={{ alignSelf: 'center' }}>
          Forgot password?
        </Link>
      </Box>
    </AuthCard>
  );
}
