import { MESSAGES } from '@recovery-portal/contract/messages';
import type { Role } from '@recovery-portal/contract/users';
import type { Config } from '#app/config';
import { AppError } from '#app/lib/app-error';

/**
 * Whether an account may have and use a portal password (ADR 0015). An account single sign-on
 * created never may: the provider vouches for that person, and a portal password would outlive
 * their removal there. With OIDC_ONLY=true staff sign in through the provider, and only
 * administrators keep passwords, as the break-glass path while the provider is down.
 * Participants are not staff: the clinic's provider does not sign them in, so it changes nothing
 * for them.
 */
export function mayUsePassword(
  account: { role: Role; provisionedBySso: boolean },
  config: Pick<Config, 'oidc'>,
): boolean {
  if (account.provisionedBySso) return false;
  return !(config.oidc?.only && account.role === 'CLINICIAN');
}

/**
 * The one answer to every refused password sign-in. With OIDC_ONLY=true it also says that
 * passwords are for administrators, to every refusal alike, so it tells nobody whether the
 * account exists or is an administrator's; the login page shows it as a whole sentence.
 */
export function signInRefusal(config: Pick<Config, 'oidc'>): AppError {
  if (config.oidc?.only)
    return new AppError('UNAUTHENTICATED', MESSAGES.account.signInRefusedSsoOnly);
  return new AppError('UNAUTHENTICATED', MESSAGES.account.signInRefused, [
    { field: 'password', message: MESSAGES.account.invalidPassword },
  ]);
}
