import { RECOVERY_CODE_COUNT, RECOVERY_CODE_LENGTH } from '@recovery-portal/contract/mfa';
import { activationCode } from '#app/lib/secure-random';

/**
 * A fresh set of recovery codes: RECOVERY_CODE_LENGTH characters of a 31-letter alphabet without
 * look-alikes, about 59 bits each. They are random, not chosen by people, so a keyed hash
 * (mfa-keys.ts) protects them as well as a slow password hash would, and lets a code be looked
 * up by its hash in one query instead of one argon2 verification per stored code.
 */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(activationCode(RECOVERY_CODE_LENGTH));
  return [...codes];
}
