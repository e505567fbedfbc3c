import * as oidc from 'openid-client';
import type { SsoRefusal } from '@recovery-portal/contract/sso-constants';
import type { Config } from '#app/config';

export type OidcSettings = NonNullable<Config['oidc']>;

/** Seconds of difference between our clock and the provider's tolerated in iat, exp and nbf. */
const CLOCK_TOLERANCE_SECONDS = 60;
/** A provider that does not answer within this many seconds counts as unreachable. */
const REQUEST_TIMEOUT_SECONDS = 5;
/** After a failed discovery, requests fail at once for this long before the next attempt. */
const RETRY_AFTER_MS = 5_000;

/** What a sign-in needs to remember between sending the browser away and its return. */
export interface AuthorizationRequest {
  url: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The identity the provider vouched for, from the verified ID token (and UserInfo). */
export interface ProviderIdentity {
  /** The ID token's `iss` and `sub`: who this person is at the provider, for good. */
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  idToken: string;
}

/** A failed exchange, already sorted into the refusal the login page explains. */
export class OidcFailure extends Error {
  override name = 'OidcFailure';
  constructor(
    readonly reason: SsoRefusal,
    readonly detail: string,
  ) {
    super(`${reason}: ${detail}`);
  }
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * The portal's OpenID Connect client (openid-client). The provider's metadata is discovered on
 * first use rather than at start, and again after a failure, so the portal starts (and password
 * sign-in works) while the provider is unreachable, and single sign-on works once it is back.
 */
export function createOidcClient(settings: OidcSettings, redirectUri: string) {
  let discovering: Promise<oidc.Configuration> | null = null;
  let failedAt = -Infinity;
  // Plain http is allowed by config.ts only for an issuer on this machine (tests, development).
  const insecure = settings.issuer.protocol === 'http:';

  async function discover(): Promise<oidc.Configuration> {
    const configuration = await oidc.discovery(
      settings.issuer,
      settings.clientId,
      { [oidc.clockTolerance]: CLOCK_TOLERANCE_SECONDS },
      oidc.ClientSecretBasic(settings.clientSecret),
      {
        timeout: REQUEST_TIMEOUT_SECONDS,
        // The ID token's signature is checked against the provider's JWKS, not only TLS.
        execute: [
          oidc.enableNonRepudiationChecks,
          ...(insecure ? [oidc.allowInsecureRequests] : []),
        ],
      },
    );
    configuration.timeout = REQUEST_TIMEOUT_SECONDS;
    return configuration;
  }

  function configuration(): Promise<oidc.Configuration> {
    if (discovering) return discovering;
    if (Date.now() - failedAt < RETRY_AFTER_MS) {
      return Promise.reject(new OidcFailure('provider_unavailable', 'discovery failed recently'));
    }
    const attempt = discover().catch((error: unknown) => {
      discovering = null;
      failedAt = Date.now();
      throw new OidcFailure('provider_unavailable', `discovery failed: ${describe(error)}`);
    });
    discovering = attempt;
    return attempt;
  }

  return {
    /** Discovers the provider now, e.g. at start; a failure is retried on the next sign-in. */
    warmUp: () => configuration().then(() => undefined),

    /** Authorization Code with PKCE (S256), a fresh state and a fresh nonce. */
    async authorizationRequest(): Promise<AuthorizationRequest> {
      const config = await configuration();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: settings.scopes,
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url, state, nonce, codeVerifier };
    },

    /**
     * Redeems the code of the provider's answer (callbackQuery: the redirect's query string).
     * openid-client checks the state, PKCE, the ID token's issuer, audience, signature (JWKS),
     * expiry and nonce, and here its issue time; a provider whose ID token names no email is
     * asked its UserInfo.
     */
    async redeem(
      callbackQuery: string,
      expected: { state: string; nonce: string; codeVerifier: string },
    ): Promise<ProviderIdentity> {
      const config = await configuration();
      const currentUrl = new URL(redirectUri);
      currentUrl.search = callbackQuery;
      try {
        const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: expected.codeVerifier,
          expectedState: expected.state,
          expectedNonce: expected.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims || !tokens.id_token) throw new OidcFailure('invalid_response', 'no ID token');
        // openid-client refuses an iat too far in the past, not one in the future: a token
        // from a provider whose clock is ahead, or minted ahead of time, is refused here.
        if (claims.iat > Date.now() / 1000 + CLOCK_TOLERANCE_SECONDS)
          throw new OidcFailure('invalid_response', 'ID token issued in the future (iat)');
        let source: Record<string, unknown> = claims;
        if (!text(claims.email)) {
          // UserInfo fills in what the ID token leaves out and never overrides what it says
          // (email_verified above all): the signed ID token is the stronger statement.
          source = {
            ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)),
            ...claims,
          };
        }
        return {
          issuer: claims.iss,
          subject: claims.sub,
          email: text(source.email)?.toLowerCase() ?? null,
          // Entra ID sends no email_verified; its optional claim xms_edov says the same.
          emailVerified: source.email_verified === true || source.xms_edov === true,
          givenName: text(source.given_name),
          familyName: text(source.family_name),
          idToken: tokens.id_token,
        };
      } catch (error) {
        throw classify(error);
      }
    },

    /** Where the browser goes to end the provider's session too; null when it has no such page. */
    async endSessionUrl(idToken: string, postLogoutRedirectUri: string): Promise<string | null> {
      const config = await configuration();
      if (!config.serverMetadata().end_session_endpoint) return null;
      return oidc
        .buildEndSessionUrl(config, {
          id_token_hint: idToken,
          client_id: settings.clientId,
          post_logout_redirect_uri: postLogoutRedirectUri,
        })
        .toString();
    },
  };
}
export type OidcClient = ReturnType<typeof createOidcClient>;

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' ? `${error.name} ${code}` : error.name;
  }
  return 'unknown error';
}

/** Sorts what openid-client threw into a refusal; the detail names codes, never claims. */
function classify(error: unknown): OidcFailure {
  if (error instanceof OidcFailure) return error;
  if (error instanceof oidc.AuthorizationResponseError || error instanceof oidc.ResponseBodyError)
    return new OidcFailure('provider_error', error.error.slice(0, 100));
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError' || error instanceof TypeError)
    return new OidcFailure('provider_unavailable', describe(error));
  return new OidcFailure('invalid_response', describe(error));
}
