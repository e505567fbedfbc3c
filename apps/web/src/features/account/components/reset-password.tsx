import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { RESET_LINK_PARAMS } from '@recovery-portal/contract/paths';
import { NewPasswordForm } from './new-password-form';
import { SendCodeForm } from './send-code-form';

/**
 * Forgot password (spec §2): step 1 emails an activation code, step 2 sets the new password.
 * The emailed link carries user_name (and login_code), so it opens straight on step 2.
 */
export function ResetPassword() {
  const [searchParams] = useSearchParams();
  const linkUserName = searchParams.get(RESET_LINK_PARAMS.userName)?.trim() ?? '';
  // A code only counts as coming from the link when the link also names the account.
  const linkCode = linkUserName
    ? (searchParams.get(RESET_LINK_PARAMS.loginCode)?.trim() ?? '')
    : '';
  const [userName, setUserName] = useState<string | null>(linkUserName || null);

  if (userName === null) return <SendCodeForm onSent={setUserName} />;
  return <NewPasswordForm userName={userName} codeFromLink={linkCode || null} />;
}
