import type { Config } from '#app/config';
import type { Database } from '#app/db/client';
import type { StaffSignIn } from '#app/core/sign-in/staff-sign-in';
import { createMfaAttempts } from './mfa-attempts';
import { createMfaCredentials } from './mfa-credentials';
import type { MfaKeys } from './mfa-keys';
import { createMfaPolicyService } from './mfa-policy.service';
import { createMfaSettingsService } from './mfa-settings.service';
import { createMfaSignInService } from './mfa-sign-in.service';

/**
 * Two-step sign-in, composed from its parts: the second step at sign-in, each staff member's own
 * settings, and the administrators' policy, over one credential store and one attempt counter.
 */
export function createMfaService(deps: {
  db: Database;
  config: Config;
  keys: MfaKeys;
  signIn: Pick<StaffSignIn, 'complete'>;
}) {
  const { db, config, keys, signIn } = deps;
  const credentials = createMfaCredentials({ db, keys });
  const attempts = createMfaAttempts({ db, config });
  return {
    ...createMfaSignInService({ db, credentials, attempts, signIn }),
    ...createMfaSettingsService({ db, credentials, attempts }),
    ...createMfaPolicyService({ db }),
  };
}
export type MfaService = ReturnType<typeof createMfaService>;
