import { createPublicKey, randomUUID, type JsonWebKey } from 'node:crypto';
import { errors, importJWK, jwtVerify, SignJWT, decodeProtectedHeader, type JWK } from 'jose';
import {
  FHIR_CLIENT_ALGORITHMS,
  FHIR_CLIENT_MESSAGES,
  FHIR_SYSTEM_TOKEN_TTL_SECONDS,
} from '@recovery-portal/contract/fhir-clients';
import type { Database } from '#app/db/client';
import {
  findLiveSystemClient,
  useAssertion,
} from '#app/features/fhir/fhir-clients/fhir-clients.repository';
import { grantScopes, parseScopes } from './client-scopes';

const ISSUER = 'recovery-portal';
const AUDIENCE = 'recovery-portal-fhir-system';
const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
/** The longest an assertion may live (SMART Backend Services: no more than five minutes). */
const MAX_ASSERTION_SECONDS = 300;
/** How far ahead of this server's clock a client's may run when it stamps iat. */
const ASSERTION_CLOCK_SKEW_SECONDS = 60;

/** The strength an RSA key needs: NIST SP 800-131A's floor; larger only slows verification. */
const RSA_MIN_BITS = 2048;
const RSA_MAX_BITS = 8192;

/**
 * Why a parsed public key is too weak to register, or null: an RSA modulus outside
 * RSA_MIN_BITS..RSA_MAX_BITS or an exponent other than an odd one from 3 to 2^32 - 1 (e = 1 makes
 * signatures forgeable). An EC key's point was checked on the curve when it was imported.
 */
function weakness(jwk: JWK): string | null {
  if (jwk.kty !== 'RSA') return null;
  const details = createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' }).asymmetricKeyDetails;
  const bits = details?.modulusLength ?? 0;
  if (bits < RSA_MIN_BITS || bits > RSA_MAX_BITS) {
    return FHIR_CLIENT_MESSAGES.rsaKeySize(bits, RSA_MIN_BITS, RSA_MAX_BITS);
  }
  const exponent = details?.publicExponent ?? 0n;
  if (exponent < 3n || exponent >= 2n ** 32n || exponent % 2n === 0n) {
    return FHIR_CLIENT_MESSAGES.rsaExponent;
  }
  return null;
}

/** A public key as registered (RSA or EC P-384, no private parts), or why it is refused. */
export async function checkPublicJwk(
  text: string,
): Promise<{ key: JWK; problem: null } | { key: null; problem: string }> {
  const unusable = { key: null, problem: FHIR_CLIENT_MESSAGES.keyInvalid };
  let jwk: unknown;
  try {
    jwk = JSON.parse(text);
  } catch {
    return unusable;
  }
  if (typeof jwk !== 'object' || jwk === null || Array.isArray(jwk)) return unusable;
  const key = jwk as JWK;
  if ('d' in key || 'p' in key || 'q' in key) return unusable;
  const alg =
    key.kty === 'RSA' ? 'RS384' : key.kty === 'EC' && key.crv === 'P-384' ? 'ES384' : null;
  if (!alg) return unusable;
  const { kty, n, e, crv, x, y, kid } = key;
  const publicKey = Object.fromEntries(
    Object.entries({ kty, n, e, crv, x, y, kid }).filter(([, value]) => value !== undefined),
  ) as JWK;
  try {
    await importJWK(publicKey, alg);
    const problem = weakness(publicKey);
    return problem ? { key: null, problem } : { key: publicKey, problem: null };
  } catch {
    return unusable;
  }
}

export type TokenRefusal =
  | 'invalid_request'
  | 'invalid_client'
  | 'unauthorized_client'
  | 'invalid_scope'
  | 'unsupported_grant_type';

export interface SystemCaller {
  clientId: string;
  name: string;
  scopes: string[];
  /** The administrators who registered and approved it (user ids; null when gone or not needed). */
  registeredBy: number | null;
  approvedBy: number | null;
}

/** What an audit row about a system client's call says of it: the client and its people. */
export function systemCallerDetails(caller: SystemCaller): Record<string, unknown> {
  return {
    client_id: caller.clientId,
    client_name: caller.name,
    registered_by: caller.registeredBy,
    approved_by: caller.approvedBy,
  };
}

function callerOf(
  client: NonNullable<Awaited<ReturnType<typeof findLiveSystemClient>>>,
  scopes: string[],
): SystemCaller {
  return {
    clientId: client.id,
    name: client.name,
    scopes,
    registeredBy: client.createdBy,
    approvedBy: client.approvedBy,
  };
}

/**
 * SMART Backend Services: client_credentials with a private_key_jwt assertion signed by the
 * client's registered key, and the short-lived HS256 system tokens it gets.
 */
export function createSmartTokens(deps: { db: Database; secret: string; tokenUrl: string }) {
  const key = new TextEncoder().encode(deps.secret);

  return {
    async issue(form: Record<string, string | undefined>): Promise<
      | {
          ok: true;
          caller: SystemCaller;
          body: { access_token: string; token_type: 'bearer'; expires_in: number; scope: string };
        }
      | { ok: false; error: TokenRefusal; clientId: string | null }
    > {
      if (form.grant_type !== 'client_credentials') {
        return { ok: false, error: 'unsupported_grant_type', clientId: null };
      }
      const assertion = form.client_assertion;
      if (
        form.client_assertion_type !== ASSERTION_TYPE ||
        !assertion ||
        assertion.length > 16_000
      ) {
        return { ok: false, error: 'invalid_request', clientId: null };
      }
      let clientId: string | null = null;
      try {
        const header = decodeProtectedHeader(assertion);
        const unverified = JSON.parse(
          Buffer.from(assertion.split('.')[1] ?? '', 'base64url').toString('utf8'),
        ) as { iss?: unknown };
        const iss = typeof unverified.iss === 'string' ? unverified.iss : '';
        if (!/^[0-9a-f-]{36}$/.test(iss))
          return { ok: false, error: 'invalid_client', clientId: null };
        const client = await findLiveSystemClient(deps.db, iss);
        if (!client) return { ok: false, error: 'invalid_client', clientId: null };
        clientId = client.id;
        const alg = header.alg ?? '';
        if (!(FHIR_CLIENT_ALGORITHMS as readonly string[]).includes(alg)) {
          return { ok: false, error: 'invalid_client', clientId };
        }
        const publicKey = await importJWK(client.publicKey as JWK, alg);
        const { payload } = await jwtVerify(assertion, publicKey, {
          issuer: client.id,
          subject: client.id,
          audience: deps.tokenUrl,
          algorithms: [alg],
          requiredClaims: ['exp', 'jti'],
        });
        const nowSeconds = Math.floor(Date.now() / 1000);
        const exp = payload.exp ?? 0;
        if (exp > nowSeconds + MAX_ASSERTION_SECONDS || typeof payload.jti !== 'string') {
          return { ok: false, error: 'invalid_client', clientId };
        }
        // jose checks iat only against a maximum age; one from the future was made to be
        // replayed later (or on a clock that is wrong), so it is refused beyond a small skew.
        if (payload.iat !== undefined && payload.iat > nowSeconds + ASSERTION_CLOCK_SKEW_SECONDS) {
          return { ok: false, error: 'invalid_client', clientId };
        }
        if (
          !(await useAssertion(deps.db, client.id, payload.jti.slice(0, 200), new Date(exp * 1000)))
        ) {
          return { ok: false, error: 'invalid_client', clientId };
        }
        // Awaiting a second administrator's approval: no token yet (DESIGN §6).
        if (!client.active) return { ok: false, error: 'unauthorized_client', clientId };
        // Never more than registered; asking only for what was not registered is refused.
        const requested = parseScopes(form.scope ?? '');
        const scopes = requested ? grantScopes(requested, client.scopes) : [];
        if (scopes.length === 0) return { ok: false, error: 'invalid_scope', clientId };
        const accessToken = await new SignJWT({ scope: scopes.join(' ') })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(client.id)
          .setIssuer(ISSUER)
          .setAudience(AUDIENCE)
          .setJti(randomUUID())
          .setIssuedAt()
          .setExpirationTime(`${FHIR_SYSTEM_TOKEN_TTL_SECONDS}s`)
          .sign(key);
        return {
          ok: true,
          caller: callerOf(client, scopes),
          body: {
            access_token: accessToken,
            token_type: 'bearer',
            expires_in: FHIR_SYSTEM_TOKEN_TTL_SECONDS,
            scope: scopes.join(' '),
          },
        };
      } catch (error) {
        if (
          error instanceof errors.JOSEError ||
          error instanceof SyntaxError ||
          error instanceof TypeError
        ) {
          return { ok: false, error: 'invalid_client', clientId };
        }
        throw error;
      }
    },

    /**
     * The caller of a system token, or null when it is not one or its client is no longer active;
     * its scopes are held to the client's registered ones.
     */
    async verify(token: string): Promise<SystemCaller | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
        });
        if (typeof payload.sub !== 'string' || typeof payload.scope !== 'string') return null;
        const client = await findLiveSystemClient(deps.db, payload.sub);
        const claimed = parseScopes(payload.scope);
        if (!client?.active || !claimed) return null;
        const scopes = grantScopes(claimed, client.scopes);
        return scopes.length > 0 ? callerOf(client, scopes) : null;
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
export type SmartTokens = ReturnType<typeof createSmartTokens>;
