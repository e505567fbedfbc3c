import { MFA_CHALLENGE_TTL_MINUTES, type MfaChallenge } from '@recovery-portal/contract/mfa';
import type { Database } from '#app/db/client';
import { opaqueToken, sha256 } from '#app/lib/secure-random';
import { insertChallenge, isMfaEnabled, isRequiredForStaff } from './sign-in.repository';

/**
 * After a correct password: the challenge the sign-in must pass before any token is issued, or
 * null when the account needs no second step. An account with two-step sign-in on must give a
 * code (VERIFY); one without it, while an administrator requires it for all staff, can only
 * set it up (ENROL), and its sign-in completes when the first code confirms the setup.
 */
export async function issueMfaChallenge(
  db: Database,
  user: { id: number },
): Promise<MfaChallenge | null> {
  const purpose = (await isMfaEnabled(db, user.id))
    ? 'VERIFY'
    : (await isRequiredForStaff(db))
      ? 'ENROL'
      : null;
  if (!purpose) return null;
  const token = opaqueToken();
  const ttlSeconds = MFA_CHALLENGE_TTL_MINUTES * 60;
  await insertChallenge(db, {
    userId: user.id,
    tokenHash: sha256(token),
    purpose,
    expiresAt: new Date(Date.now() + ttlSeconds * 1000),
  });
  return { mfa: purpose, challenge_token: token, expires_in_seconds: ttlSeconds };
}
