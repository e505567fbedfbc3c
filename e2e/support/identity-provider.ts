/**
 * The identity provider the single sign-on spec signs in at: oidc-provider on a loopback port,
 * started by Playwright as one of its web servers (playwright.config.ts), with the portal's
 * SSO server as its client. Its people: a demo clinician, and a stranger the portal refuses.
 */
import { startTestIdentityProvider } from '../../apps/server/src/test/oidc/test-identity-provider';
import { E2E_IDENTITY_PROVIDER, E2E_SERVERS } from './servers';

const portal = E2E_SERVERS.sso.url;
const provider = await startTestIdentityProvider({
  port: E2E_IDENTITY_PROVIDER.port,
  client: {
    clientId: E2E_IDENTITY_PROVIDER.clientId,
    clientSecret: E2E_IDENTITY_PROVIDER.clientSecret,
    redirectUri: `${portal}/api/account/oidc/callback`,
    postLogoutRedirectUri: `${portal}/login`,
  },
  accounts: {
    clinician: { email: 'clinician@demo.test', email_verified: true, given_name: 'Demo' },
    stranger: { email: 'stranger@elsewhere.test', email_verified: true },
  },
});
process.stdout.write(`Identity provider for the e2e tests at ${provider.issuer}\n`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void provider.close().then(() => process.exit(0));
  });
}
