import { ResetPassword } from '#app/features/account/components/reset-password.tsx';

export function ResetPasswordRoute() {
  return (
    <>
      <title>Reset Password · Recovery Portal</title>
      <ResetPassword />
    </>
  );
}
