import { useSearchParams } from 'react-router';
import {
  SSO_LOGIN_PARAMS,
  SSO_REFUSALS,
  type SsoRefusal,
} from '@recovery-portal/contract/sso-constants';
import { LoginForm } from '../../auth/components/login-form';
import { useSignInOptions } from '../api/get-sign-in-options';
import { SsoSignIn } from './sso-sign-in';

function refusalOf(value: string | null): SsoRefusal | null {
  return SSO_REFUSALS.find((reason) => reason === value) ?? null;
}

/**
 * The login page with what the server offers: the single sign-on button when configured, and
 * the password form unless OIDC_ONLY hides it (`?password` still shows it: break-glass).
 */
export function SsoLogin({ notice }: { notice: string | null }) {
  const [params] = useSearchParams();
  const options = useSignInOptions();
  const refusal = refusalOf(params.get(SSO_LOGIN_PARAMS.refused));
  const passwordSignIn =
    options.data?.password_sign_in !== false || params.has(SSO_LOGIN_PARAMS.password);
  const name = options.data?.sso_name ?? null;
  return (
    <LoginForm
      notice={notice}
      passwordSignIn={passwordSignIn}
      above={
        name || refusal ? (
          <SsoSignIn name={name} refusal={refusal} passwordBelow={passwordSignIn} />
        ) : null
      }
    />
  );
}
