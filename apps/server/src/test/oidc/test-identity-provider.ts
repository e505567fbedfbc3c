import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

/** A person the test provider knows, by the login name typed on its sign-in page. */
export interface TestIdentity {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

export interface TestProviderClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
}

export interface TestIdentityProvider {
  issuer: string;
  close(): Promise<void>;
}

const SCOPES = 'openid email profile';

/**
 * A real OpenID Connect provider (oidc-provider, the certified implementation) on a loopback
 * port, for tests: its own signing key, the portal as its one confidential client, and its
 * development sign-in page, which accepts any password for the login names in `accounts`.
 * Consent is given in advance, as an organisation does for its own applications.
 * `claimsInIdToken: false` keeps email out of the ID token, as Okta's thin ID tokens do, so
 * the portal must ask the UserInfo endpoint.
 */
export async function startTestIdentityProvider(options: {
  port?: number;
  client: TestProviderClient;
  accounts: Record<string, TestIdentity>;
  claimsInIdToken?: boolean;
  /**
   * Claims put into (or over) the ID token of the person with this login name, as a provider
   * that misbehaves would: say, an `iat` ahead of the clock. Read when the token is issued.
   */
  idTokenClaims?: (login: string) => Record<string, unknown> | undefined;
}): Promise<TestIdentityProvider> {
  // The port is known only once listening, and the provider needs it for its issuer: requests
  // arriving in between wait for the provider instead of hanging unanswered.
  let ready: (handle: RequestListener) => void = () => {};
  const handler = new Promise<RequestListener>((resolve) => (ready = resolve));
  const server: Server = createServer((request, response) => {
    void handler.then((handle) => handle(request, response));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test' };

  const configuration: Configuration = {
    clients: [
      {
        client_id: options.client.clientId,
        client_secret: options.client.clientSecret,
        redirect_uris: [options.client.redirectUri],
        post_logout_redirect_uris: [options.client.postLogoutRedirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: ['test-identity-provider-cookie-key'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
    },
    ttl: { AccessToken: 600, IdToken: 600, Interaction: 600, Session: 3_600, Grant: 3_600 },
    conformIdTokenClaims: options.claimsInIdToken === false,
    features: {
      devInteractions: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        // The default page loads a web font from the internet; tests stay on this machine.
        async logoutSource(ctx: KoaContextWithOIDC, form: string) {
          ctx.body = `<!doctype html><html lang="en"><head><title>Sign out</title></head><body><h1>Sign out of the identity provider?</h1>${form}<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign me out</button></body></html>`;
        },
      },
    },
    pkce: { required: () => true },
    async findAccount(_ctx: KoaContextWithOIDC, id: string) {
      const identity = options.accounts[id];
      if (!identity) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...identity }) };
    },
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = session.grantIdFor(client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: client.clientId,
        accountId: session.accountId,
      });
      grant.addOIDCScope(SCOPES);
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  const { idTokenClaims } = options;
  if (idTokenClaims) {
    const issue = provider.IdToken.prototype.issue;
    provider.IdToken.prototype.issue = function (this: InstanceType<typeof provider.IdToken>, use) {
      if (use.use === 'idtoken') {
        const extra = idTokenClaims(String(this.available.sub));
        for (const [claim, value] of Object.entries(extra ?? {})) this.set(claim, value);
      }
      return issue.call(this, use);
    };
  }
  const handle = provider.callback();
  ready((request, response) => void handle(request, response));
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * Signs in at the provider as a browser would, without one: follows the authorization URL to
 * the sign-in page, submits the login name, and follows the redirects (keeping the provider's
 * cookies) until the provider sends the browser to `redirectUri`. Answers that URL.
 */
export async function signInAtProvider(
  authorizationUrl: string,
  login: string,
  redirectUri: string,
): Promise<URL> {
  const cookies = new Map<string, string>();
  const send = async (url: URL, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string> | undefined),
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    await response.arrayBuffer();
    return response;
  };
  let url = new URL(authorizationUrl);
  let response = await send(url);
  for (let hop = 0; hop < 10; hop += 1) {
    const location = response.headers.get('location');
    if (!location) throw new Error(`the provider answered ${response.status} without a redirect`);
    url = new URL(location, url);
    if (url.href.startsWith(redirectUri)) return url;
    response = url.pathname.startsWith('/interaction/')
      ? await send(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString(),
        })
      : await send(url);
  }
  throw new Error('the provider never redirected back to the portal');
}
