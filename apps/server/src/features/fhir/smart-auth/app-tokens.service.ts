import { createHash, timingSafeEqual } from 'node:crypto';
import { SMART_REFRESH_TOKEN_TTL_DAYS } from '@recovery-portal/contract/smart-scopes';
import type { Database } from '#app/db/client';
import { opaqueToken, sha256 } from '#app/lib/secure-random';
import {
  claimAuthorizationCode,
  consumeRefreshToken,
  findLiveAppClient,
  findRefreshToken,
  insertRefreshToken,
  setAuthorizationGrant,
} from './app-launch.repository';
import {
  findLivePatientGrant,
  insertPatientGrant,
  revokePatientGrant,
} from './patient-grants.repository';
import type { PatientTokens } from './patient-tokens';

/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
const CODE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MAX_SECRET_LENGTH = 200;

export type AppTokenRefusal =
  'invalid_request' | 'invalid_client' | 'invalid_grant' | 'invalid_scope';

/** The token response of a participant app (SMART App Launch 2.x, "Access token response"). */
export interface AppTokenBody {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
  /** The participant's Patient id: the app's patient context. */
  patient: string;
  refresh_token?: string;
}

export type AppTokenResult =
  | { ok: true; body: AppTokenBody; userId: number; clientId: string; grantId: string }
  | {
      ok: false;
      error: AppTokenRefusal;
      clientId: string | null;
      /** What the audit row says beyond the error, such as a reuse that ended the grant. */
      reason?: string;
    };

/** Whether the verifier is the one whose S256 challenge the app sent (RFC 7636 §4.6). */
function verifies(verifier: string, challenge: string): boolean {
  if (!CODE_VERIFIER.test(verifier)) return false;
  const computed = Buffer.from(createHash('sha256').update(verifier).digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}

/**
 * The token endpoint's grants for participant apps (public clients, no secret): the
 * authorization code with its PKCE verifier, and refresh tokens, which rotate on every use. The
 * grant made at the code's exchange is the refresh tokens' family: presenting a used refresh
 * token, or the code a second time, revokes it, and every token of it stops working.
 */
export function createAppTokens(deps: { db: Database; patients: PatientTokens }) {
  const { db } = deps;
  const refuse = (error: AppTokenRefusal, clientId: string | null = null, reason?: string) =>
    ({ ok: false, error, clientId, ...(reason ? { reason } : {}) }) as const;

  /** The live app a request names, by client_id (a public client's only identification). */
  async function appOf(form: Record<string, string | undefined>) {
    const clientId = form.client_id;
    if (!clientId || !UUID.test(clientId)) return null;
    return (await findLiveAppClient(db, clientId)) ?? null;
  }

  async function tokensFor(
    into: Database,
    grant: { id: string; userId: number; clientId: string; scopes: string[] },
  ): Promise<AppTokenResult> {
    let refreshToken: string | undefined;
    if (grant.scopes.includes('offline_access')) {
      refreshToken = opaqueToken();
      await insertRefreshToken(into, {
        grantId: grant.id,
        tokenHash: sha256(refreshToken),
        expiresAt: new Date(Date.now() + SMART_REFRESH_TOKEN_TTL_DAYS * 86_400_000),
      });
    }
    const { accessToken, expiresIn } = await deps.patients.issue({
      patientId: grant.userId,
      clientId: grant.clientId,
      grantId: grant.id,
      scopes: grant.scopes,
    });
    return {
      ok: true,
      userId: grant.userId,
      clientId: grant.clientId,
      grantId: grant.id,
      body: {
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: expiresIn,
        scope: grant.scopes.join(' '),
        patient: String(grant.userId),
        ...(refreshToken ? { refresh_token: refreshToken } : {}),
      },
    };
  }

  return {
    /** grant_type=authorization_code: the code works once, for its app, URI and verifier. */
    async exchangeCode(form: Record<string, string | undefined>): Promise<AppTokenResult> {
      const { code, redirect_uri: redirectUri, code_verifier: verifier } = form;
      if (!form.client_id || !code || !redirectUri || !verifier) return refuse('invalid_request');
      const client = await appOf(form);
      if (!client) return refuse('invalid_client');
      if (code.length > MAX_SECRET_LENGTH) return refuse('invalid_grant', client.id);
      const row = await claimAuthorizationCode(db, sha256(code));
      if (!row) return refuse('invalid_grant', client.id);
      if (!row.firstUse) {
        // RFC 6749 §4.1.2: a code used twice may have been stolen; what it gave is withdrawn.
        if (row.grantId) await revokePatientGrant(db, row.grantId);
        return refuse('invalid_grant', client.id, 'code reused: its grant was revoked');
      }
      if (
        row.userId === null ||
        row.expiresAt.getTime() <= Date.now() ||
        row.clientId !== client.id ||
        row.redirectUri !== redirectUri ||
        !verifies(verifier, row.codeChallenge)
      ) {
        return refuse('invalid_grant', client.id);
      }
      const userId = row.userId;
      return db.transaction(async (tx) => {
        const grantId = await insertPatientGrant(tx, {
          clientId: client.id,
          userId,
          scopes: row.scopes,
        });
        await setAuthorizationGrant(tx, row.id, grantId);
        // Suspended or deleted since the consent, or the app revoked: nothing is issued.
        const grant = await findLivePatientGrant(tx, grantId);
        if (!grant) {
          await revokePatientGrant(tx, grantId);
          return refuse('invalid_grant', client.id, 'participant or app no longer active');
        }
        return tokensFor(tx, grant);
      });
    },

    /** grant_type=refresh_token: a new pair; a used token presented again revokes the grant. */
    async refresh(form: Record<string, string | undefined>): Promise<AppTokenResult> {
      const presented = form.refresh_token;
      if (!form.client_id || !presented) return refuse('invalid_request');
      const client = await appOf(form);
      if (!client) return refuse('invalid_client');
      if (presented.length > MAX_SECRET_LENGTH) return refuse('invalid_grant', client.id);
      const token = await findRefreshToken(db, sha256(presented));
      if (!token) return refuse('invalid_grant', client.id);
      const reuse = async () => {
        await revokePatientGrant(db, token.grantId);
        return refuse('invalid_grant', client.id, 'refresh token reused: its grant was revoked');
      };
      if (token.usedAt) return reuse();
      const grant = await findLivePatientGrant(db, token.grantId);
      if (!grant || grant.clientId !== client.id || token.expiresAt.getTime() <= Date.now()) {
        return refuse('invalid_grant', client.id);
      }
      // A narrower scope may be named, never a wider one; the token holds the consent's scopes.
      const asked = (form.scope ?? '').split(/\s+/).filter(Boolean);
      if (asked.some((scope) => !grant.scopes.includes(scope))) {
        return refuse('invalid_scope', client.id);
      }
      const result = await db.transaction(async (tx) =>
        (await consumeRefreshToken(tx, token.id)) ? tokensFor(tx, grant) : null,
      );
      // Another request used the token first: the same token was presented twice.
      return result ?? reuse();
    },
  };
}
export type AppTokens = ReturnType<typeof createAppTokens>;
