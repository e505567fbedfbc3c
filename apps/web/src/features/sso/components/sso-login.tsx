import type { ReactNode } from 'react';
import {
  SSO_LOGIN_PARAMS,
  SSO_REFUSALS,
  type SsoRefusal,
} from '@recovery-portal/contract/sso-constants';
import { usePortalNavigation } from '#app/lib/portal-navigation.tsx';
import { useSignInOptions } from '#app/features/sso/api/get-sign-in-options.ts';
import { SsoSignIn } from './sso-sign-in';

function refusalOf(value: string | null): SsoRefusal | null {
  return SSO_REFUSALS.find((reason) => reason === value) ?? null;
}

/** What the login page offers besides the password: drawn `above` it by the password form. */
export type SignInOffer = { passwordSignIn: boolean; above: ReactNode };

/**
 * The login page with what the server offers: the single sign-on button when configured, and
 * the password form unless OIDC_ONLY hides it (`?password` still shows it: break-glass).
 * `renderLogin` draws the password form (the route hands in the account feature's form).
 */
export function SsoLogin({ renderLogin }: { renderLogin: (offer: SignInOffer) => ReactNode }) {
  const { searchParams: params } = usePortalNavigation();
  const options = useSignInOptions();
  const refusal = refusalOf(params.get(SSO_LOGIN_PARAMS.refused));
  const passwordSignIn =
    options.data?.password_sign_in !== false || params.has(SSO_LOGIN_PARAMS.password);
  const name = options.data?.sso_name ?? null;
  return renderLogin({
    passwordSignIn,
    above:
      name || refusal ? (
        <SsoSignIn name={name} refusal={refusal} passwordBelow={passwordSignIn} />
      ) : null,
  });
}
