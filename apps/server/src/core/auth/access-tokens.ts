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

/**
 * Tokens whose signature and claims were checked, kept until they expire: a client sends the
 * same token on every call for its lifetime, and checking the HMAC again (an asynchronous
 * WebCrypto job) was the largest single cost of a call in Node. It skips only that check: the
 * account and session are still read on every call (plugins/auth.ts), so revocation is
 * immediate. Bounded; the oldest entry goes first.
 */
const VERIFIED_CACHE_SIZE = 10_000;

/** Short-lived HS256 access tokens; the refresh token does the long-term work. */
export function createAccessTokens(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();
  const nowSeconds = () => Math.floor(Date.now() / 1000);
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
      const known = verified.get(token);
      if (known) {
        // As jose does: a token is expired from its exp second on.
        if (nowSeconds() < known.expiresAt) return known.claims;
        verified.delete(token);
        return null;
      }
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
        const claims: AccessClaims = { userId, role, sessionId: sid };
        if (typeof payload.exp === 'number') {
          if (verified.size >= VERIFIED_CACHE_SIZE) {
            const oldest = verified.keys().next();
            if (!oldest.done) verified.delete(oldest.value);
          }
          verified.set(token, { claims, expiresAt: payload.exp });
        }
        return claims;
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
