import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginResponseSchema } from '@recovery-portal/contract/account';
import { mfaChallengeSchema, mfaEnrolmentSchema } from '@recovery-portal/contract/mfa';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { TRUSTED_BROWSER_DAYS } from '@recovery-portal/contract/session-policy';
import { signInThrottleListSchema } from '@recovery-portal/contract/sign-in-throttles';
import {
  authHeaders,
  buildTestApp,
  csrfHeaders,
  failure,
  loginAs,
  postJson,
  successData,
  type TestApp,
} from '#app/test/build-test-app';
import { createStaff, FACTORY_PASSWORD, type FactoryUser } from '#app/test/factories';
import { totpCode } from '#app/features/mfa/totp';

const MAX_PER_ACCOUNT = 3;
const MAX_PER_ADDRESS = 4;
const CLINIC_NAT = '10.20.0.1';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp({
    LOGIN_MAX_FAILURES_PER_ACCOUNT: String(MAX_PER_ACCOUNT),
    LOGIN_MAX_FAILURES_PER_ADDRESS: String(MAX_PER_ADDRESS),
  });
});
afterAll(async () => {
  await testApp.close();
});
beforeEach(async () => {
  await testApp.reset();
});

function deviceCookie(response: LightMyRequestResponse) {
  return response.cookies.find((cookie) => cookie.name === 'rp_device');
}

/** A sign-in from `address`, presenting the device cookie `device` when given. */
function signIn(
  staff: { email: string },
  password: string,
  address = CLINIC_NAT,
  device?: string,
  app = testApp,
) {
  const headers = csrfHeaders();
  if (device !== undefined) headers.cookie = `${headers.cookie}; rp_device=${device}`;
  return postJson(
    app.app,
    API_PATHS.account.login,
    { user_name: staff.email, password },
    { headers, remoteAddress: address },
  );
}

/** The device cookie a complete sign-in leaves in the browser. */
async function trustedBrowserOf(staff: FactoryUser, address = CLINIC_NAT) {
  const response = await signIn(staff, FACTORY_PASSWORD, address);
  successData(response, loginResponseSchema);
  const cookie = deviceCookie(response);
  if (!cookie) throw new Error('no device cookie after a sign-in');
  return cookie.value;
}

/** Made-up accounts tried from `address` until the address itself must wait. */
async function floodAddress(address: string) {
  for (let i = 0; i < MAX_PER_ADDRESS; i += 1) {
    const guess = await signIn(
      { email: `made-up-${i}@clinic.test` },
      'Guessed-password-1',
      address,
    );
    failure(guess, 401, 'UNAUTHENTICATED');
  }
}

describe('the device cookie', () => {
  it('a complete sign-in leaves an httpOnly, SameSite=Strict cookie for the account API only', async () => {
    const clinician = await createStaff(testApp.db);
    const response = await signIn(clinician, FACTORY_PASSWORD);
    successData(response, loginResponseSchema);
    expect(deviceCookie(response)).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/account',
      maxAge: TRUSTED_BROWSER_DAYS * 86_400,
    });
    // PUBLIC_URL is http here; the cookie is Secure only when the portal is served over https.
    expect(deviceCookie(response)?.secure).toBeUndefined();
    expect(deviceCookie(response)?.value).toMatch(new RegExp(`^${clinician.id}\\.`));
  });

  it('is Secure when the portal is served over https', async () => {
    const https = await buildTestApp({ PUBLIC_URL: 'https://portal.test' });
    try {
      const clinician = await createStaff(https.db);
      const response = await signIn(clinician, FACTORY_PASSWORD, CLINIC_NAT, undefined, https);
      successData(response, loginResponseSchema);
      expect(deviceCookie(response)?.secure).toBe(true);
    } finally {
      await https.close();
    }
  });

  it('a wrong password leaves none, and neither does a password awaiting its two-step code', async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    failure(await signIn(clinician, 'Wrong-password-1'), 401, 'UNAUTHENTICATED');
    expect(deviceCookie(await signIn(clinician, 'Wrong-password-1'))).toBeUndefined();

    const { secret } = successData(
      await postJson(
        testApp.app,
        API_PATHS.mfa.setup,
        {},
        {
          headers: authHeaders(clinician.access_token),
        },
      ),
      mfaEnrolmentSchema,
    );
    await postJson(
      testApp.app,
      API_PATHS.mfa.confirm,
      { code: totpCode(secret, Date.now()) },
      { headers: authHeaders(clinician.access_token) },
    );
    const password = await signIn(clinician, clinician.password);
    const challenge = successData(password, mfaChallengeSchema);
    expect(deviceCookie(password)).toBeUndefined();

    const verified = await postJson(
      testApp.app,
      API_PATHS.mfa.verify,
      { challenge_token: challenge.challenge_token, code: totpCode(secret, Date.now() + 30_000) },
      { remoteAddress: CLINIC_NAT },
    );
    successData(verified, loginResponseSchema);
    expect(deviceCookie(verified)?.value).toMatch(new RegExp(`^${clinician.user.id}\\.`));
  });

  it('a shared workstation is trusted for each staff member who signed in there', async () => {
    const first = await createStaff(testApp.db);
    const second = await createStaff(testApp.db);
    const afterFirst = await trustedBrowserOf(first);
    const both = deviceCookie(await signIn(second, FACTORY_PASSWORD, CLINIC_NAT, afterFirst));
    await floodAddress(CLINIC_NAT);
    for (const staff of [first, second]) {
      const response = await signIn(staff, FACTORY_PASSWORD, CLINIC_NAT, both?.value);
      expect(successData(response, loginResponseSchema).user.id).toBe(staff.id);
    }
  });
});

describe('an address full of made-up accounts', () => {
  it('turns away a browser it does not know, but not the clinician signing in where she did before', async () => {
    const clinician = await createStaff(testApp.db);
    const device = await trustedBrowserOf(clinician);
    await floodAddress(CLINIC_NAT);

    const stranger = failure(await signIn(clinician, FACTORY_PASSWORD), 429, 'RATE_LIMITED');
    expect(stranger._error).toMatch(/Too many sign-in attempts/);
    const trusted = await signIn(clinician, FACTORY_PASSWORD, CLINIC_NAT, device);
    expect(successData(trusted, loginResponseSchema).user.id).toBe(clinician.id);
  });

  it('someone guessing her password at the same address does not slow her trusted browser', async () => {
    const clinician = await createStaff(testApp.db);
    const device = await trustedBrowserOf(clinician);
    for (let i = 0; i < MAX_PER_ACCOUNT + 2; i += 1) {
      await signIn(clinician, `Guess-${i}-password`);
    }
    failure(await signIn(clinician, FACTORY_PASSWORD), 429, 'RATE_LIMITED');
    const trusted = await signIn(clinician, FACTORY_PASSWORD, CLINIC_NAT, device);
    expect(successData(trusted, loginResponseSchema).user.id).toBe(clinician.id);
  });
});

describe('a trusted browser', () => {
  it('has a failure budget of its own: past it, it waits too, and says for how long', async () => {
    const clinician = await createStaff(testApp.db);
    const device = await trustedBrowserOf(clinician);
    for (let i = 0; i < MAX_PER_ACCOUNT; i += 1) {
      failure(
        await signIn(clinician, 'Wrong-password-1', CLINIC_NAT, device),
        401,
        'UNAUTHENTICATED',
      );
    }
    const waiting = await signIn(clinician, FACTORY_PASSWORD, CLINIC_NAT, device);
    failure(waiting, 429, 'RATE_LIMITED');
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThanOrEqual(29);
    expect(Number(waiting.headers['retry-after'])).toBeLessThanOrEqual(30);
    // Its failures were its own: an untrusted client at the same address is not delayed.
    const elsewhere = await signIn(clinician, FACTORY_PASSWORD);
    expect(successData(elsewhere, loginResponseSchema).user.id).toBe(clinician.id);

    // Administrators see its failures as a row of their own.
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    const list = successData(
      await testApp.app.inject({
        method: 'GET',
        url: API_PATHS.staff.signInThrottles,
        headers: authHeaders(admin.access_token),
      }),
      signInThrottleListSchema,
    );
    expect(list).toContainEqual(
      expect.objectContaining({
        email: clinician.email,
        client_address: CLINIC_NAT,
        trusted_browser: true,
        failures: MAX_PER_ACCOUNT,
      }),
    );
  });

  it('a forged, tampered or another account’s cookie earns no trust', async () => {
    const clinician = await createStaff(testApp.db);
    const colleague = await createStaff(testApp.db);
    const device = await trustedBrowserOf(clinician);
    const colleagues = await trustedBrowserOf(colleague);
    await floodAddress(CLINIC_NAT);
    const [userId, deviceId, expires, signature] = device.split('.');
    const flipped = `${signature?.startsWith('A') ? 'B' : 'A'}${signature?.slice(1) ?? ''}`;
    const forgeries = [
      `${colleague.id}.${deviceId}.${expires}.${signature}`,
      `${userId}.${deviceId}.${Number(expires) + 1}.${signature}`,
      `${userId}.${deviceId}.${expires}.${flipped}`,
      colleagues,
      'x'.repeat(3000),
      `${'~'.repeat(5)}${device}`,
    ];
    for (const forged of forgeries) {
      failure(await signIn(clinician, FACTORY_PASSWORD, CLINIC_NAT, forged), 429, 'RATE_LIMITED');
    }
  });

  it('is trusted for TRUSTED_BROWSER_DAYS after the sign-in, no longer', async () => {
    const clinician = await createStaff(testApp.db);
    const device = await trustedBrowserOf(clinician);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + TRUSTED_BROWSER_DAYS * 86_400_000 + 1000);
      await floodAddress(CLINIC_NAT);
      failure(await signIn(clinician, FACTORY_PASSWORD, CLINIC_NAT, device), 429, 'RATE_LIMITED');
    } finally {
      vi.useRealTimers();
    }
  });
});
