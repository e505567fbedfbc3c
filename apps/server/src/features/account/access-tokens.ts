import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { StaffRole } from '@recovery-portal/contract/users';

const ISSUER = 'recovery-portal';
const AUDIENCE = 'recovery-portal-staff';

export interface AccessClaims {
  userId: number;
  role: StaffRole;
}

/** Short-lived HS256 access tokens; the refresh token does the long-term work. */
export function createAccessTokens(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims: AccessClaims): Promise<string> {
      return new SignJWT({ role: claims.role })
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
        const role = payload.role;
        if (!Number.isInteger(userId) || (role !== 'CLINICIAN' && role !== 'ADMINISTRATOR')) {
          return null;
        }
        return { userId, role };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
