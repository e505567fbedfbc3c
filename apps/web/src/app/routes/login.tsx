import { LoginForm } from '../../features/auth/components/login-form';
import { getIdleSignOutNotice } from '../../lib/idle-notice';
import { sessionExpiredNotice } from '../../lib/return-after-sign-in';

export function LoginRoute() {
  return (
    <>
      <title>Login · Recovery Portal</title>
      {/* After an idle logoff or an expired session the form says why it ended (issues 8, 17). */}
      <LoginForm notice={getIdleSignOutNotice() ?? sessionExpiredNotice()} />
    </>
  );
}
