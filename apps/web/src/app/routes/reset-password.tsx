import { ResetPassword } from '../../features/auth/components/reset-password';

export function ResetPasswordRoute() {
  return (
    <>
      <title>Reset Password · Recovery Portal</title>
      <ResetPassword />
    </>
  );
}
