import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#app/config';

const OIDC = {
  OIDC_ISSUER: 'https://login.clinic.example/realms/staff',
  OIDC_CLIENT_ID: 'recovery-portal',
  OIDC_CLIENT_SECRET: 'a-client-secret-nobody-may-read',
};

function startError(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected loadConfig to throw a ConfigError');
}

describe('single sign-on configuration', () => {
  it('is off without OIDC_ISSUER and its client', () => {
    expect(loadConfig({}).oidc).toBeNull();
  });

  it('is on with the three variables, with the documented defaults', () => {
    expect(loadConfig(OIDC).oidc).toEqual({
      issuer: new URL(OIDC.OIDC_ISSUER),
      clientId: 'recovery-portal',
      clientSecret: OIDC.OIDC_CLIENT_SECRET,
      name: 'Single sign-on',
      scopes: 'openid email profile',
      only: false,
      autoProvision: null,
      allowedDomains: [],
    });
    expect(
      loadConfig({
        ...OIDC,
        OIDC_NAME: ' Hospital Login ',
        OIDC_SCOPES: 'openid  email profile offline_access',
        OIDC_ONLY: 'true',
        OIDC_AUTO_PROVISION: 'clinician',
        OIDC_ALLOWED_DOMAINS: ' Clinic.example, hospital.example clinic.example ',
      }).oidc,
    ).toMatchObject({
      name: 'Hospital Login',
      scopes: 'openid email profile offline_access',
      only: true,
      autoProvision: 'CLINICIAN',
      allowedDomains: ['clinic.example', 'hospital.example'],
    });
  });

  it.each([
    [{ OIDC_ISSUER: OIDC.OIDC_ISSUER }, 'must be set together'],
    [{ ...OIDC, OIDC_CLIENT_SECRET: undefined }, 'must be set together'],
    [{ OIDC_ONLY: 'true' }, 'OIDC_ONLY=true needs OIDC_ISSUER'],
    [{ ...OIDC, OIDC_ISSUER: 'login.clinic.example' }, 'OIDC_ISSUER must be an http(s) URL'],
    [{ ...OIDC, OIDC_ISSUER: 'ftp://login.clinic.example' }, 'OIDC_ISSUER must be an http(s) URL'],
    [{ ...OIDC, OIDC_ISSUER: 'http://login.clinic.example' }, 'OIDC_ISSUER must use https://'],
    [{ ...OIDC, OIDC_SCOPES: 'email profile' }, 'OIDC_SCOPES must include openid'],
    [{ ...OIDC, OIDC_SCOPES: 'openid\nemail' }, 'OIDC_SCOPES must be scope names'],
    [{ ...OIDC, OIDC_NAME: 'x'.repeat(61) }, 'OIDC_NAME must be at most 60 characters'],
    [{ ...OIDC, OIDC_ONLY: 'maybe' }, 'OIDC_ONLY'],
    [{ ...OIDC, OIDC_AUTO_PROVISION: 'administrator' }, 'OIDC_AUTO_PROVISION'],
    [
      { ...OIDC, OIDC_AUTO_PROVISION: 'clinician' },
      'OIDC_AUTO_PROVISION=clinician needs OIDC_ALLOWED_DOMAINS',
    ],
    [
      { ...OIDC, OIDC_AUTO_PROVISION: 'clinician', OIDC_ALLOWED_DOMAINS: ' , ' },
      'OIDC_AUTO_PROVISION=clinician needs OIDC_ALLOWED_DOMAINS',
    ],
    [
      { ...OIDC, OIDC_AUTO_PROVISION: 'clinician', OIDC_ALLOWED_DOMAINS: '@clinic.example' },
      'OIDC_ALLOWED_DOMAINS must be email domains separated by commas',
    ],
    [
      { ...OIDC, OIDC_ALLOWED_DOMAINS: 'clinic.example,*.hospital.example' },
      'OIDC_ALLOWED_DOMAINS must be email domains',
    ],
    [{ ...OIDC, OIDC_ALLOWED_DOMAINS: 'localhost' }, 'OIDC_ALLOWED_DOMAINS must be email domains'],
    [{ ...OIDC, OIDC_ALLOWED_DOMAINS: 'x'.repeat(5000) }, 'OIDC_ALLOWED_DOMAINS'],
  ])('refuses to start with %o', (env, sentence) => {
    expect(startError(env)).toContain(sentence);
  });

  it('allows plain http only for an issuer on this machine', () => {
    expect(loadConfig({ ...OIDC, OIDC_ISSUER: 'http://127.0.0.1:3505' }).oidc?.issuer.href).toBe(
      'http://127.0.0.1:3505/',
    );
  });

  it('never echoes the client secret', () => {
    const message = startError({ ...OIDC, OIDC_CLIENT_SECRET: 'x'.repeat(3000) });
    expect(message).toContain('OIDC_CLIENT_SECRET');
    expect(message).not.toContain('xxxx');
  });
});
