import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { StaffRole } from '@recovery-portal/contract/users';

const ISSUER = 'recovery-portal';
const AUDIENCE = 'recovery-portal-staff';

export interface AccessClaims {
  userId: number;
  role: StaffRole;
  /**
   * The session (refresh-token family) the token was issued to, as the `sid` claim. Every
   * token the server issues has one, and a token without one is refused: the access check
   * refuses the token once that session is revoked, so revoking a session ends its access at
   * once rather than at the token's expiry.
   */
  sessionId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Short-lived HS256 access tokens; the refresh token does the long-term work. */
export function createAccessTokens(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims: AccessClaims): Promise<string> {
      return new SignJWT({ role: claims.role, sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    /** Resolves the claims, or null for a token that is malformed, tampered or expired. */
    async verify(token: string): Promise<AccessClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
        });
        const userId = Number(payload.sub);
        const { role, sid } = payload;
        if (!Number.isInteger(userId) || (role !== 'CLINICIAN' && role !== 'ADMINISTRATOR')) {
          return null;
        }
        // No session id (an old-style or forged token): nothing could ever revoke it.
        if (typeof sid !== 'string' || !UUID.test(sid)) return null;
        return { userId, role, sessionId: sid };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
