import { LoginForm } from '../../features/auth/components/login-form';
import { getIdleSignOutNotice } from '../../lib/idle-notice';

export function LoginRoute() {
  return (
    <>
      <title>Login · Recovery Portal</title>
      {/* After an idle logoff the form says why the session ended (issue 8). */}
      <LoginForm notice={getIdleSignOutNotice()} />
    </>
  );
}
