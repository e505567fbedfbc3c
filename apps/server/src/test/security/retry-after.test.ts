import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import {
  mfaChallengeSchema,
  mfaEnrolmentSchema,
  type MfaChallenge,
} from '@recovery-portal/contract/mfa';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { recordAudit } from '#app/core/audit/record-audit';
import { MAX_RESET_REQUESTS_PER_ADDRESS } from '#app/features/account/account.service';
import { setRequiredForStaff } from '#app/core/sign-in/sign-in.repository';
import { totpCode } from '#app/features/mfa/totp';
import { DEFAULT_RETRY_AFTER_SECONDS } from '#app/plugins/security-headers';
import {
  authHeaders,
  buildTestApp,
  failure,
  loginAs,
  postJson,
  successData,
  type TestApp,
} from '#app/test/build-test-app';
import { createStaff, FACTORY_PASSWORD } from '#app/test/factories';

const MAX_PER_ACCOUNT = 3;
const MAX_PER_ADDRESS = 4;
const PLUGIN_LIMIT = '/api/test/plugin-limit';
const SCOPED_LIMIT = '/api/test/scoped/limit';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp(
    {
      LOGIN_MAX_FAILURES_PER_ACCOUNT: String(MAX_PER_ACCOUNT),
      LOGIN_MAX_FAILURES_PER_ADDRESS: String(MAX_PER_ADDRESS),
    },
    {
      beforeReady: async (app) => {
        // What a rate-limiting plugin does: an error with status 429 and no header of its own.
        app.get(PLUGIN_LIMIT, { config: { access: 'public' } }, async () => {
          throw Object.assign(new Error('Rate limit exceeded, retry in 1 minute'), {
            statusCode: 429,
          });
        });
        // A scope answering its own errors, as the FHIR API does with OperationOutcomes.
        await app.register(async (scope) => {
          scope.setErrorHandler((_error, _request, reply) =>
            reply.code(429).send({ resourceType: 'OperationOutcome' }),
          );
          scope.get(SCOPED_LIMIT, { config: { access: 'public' } }, async () => {
            throw new Error('slow down');
          });
        });
      },
    },
  );
});
afterAll(async () => {
  await testApp.close();
});
beforeEach(async () => {
  await testApp.reset();
});

/** The whole seconds a 429 asks the client to wait. */
function retryAfter(response: LightMyRequestResponse): number {
  expect(response.statusCode).toBe(429);
  const header = response.headers['retry-after'];
  expect(header).toMatch(/^\d+$/);
  return Number(header);
}

const signIn = (email: string, password: string, address: string) =>
  postJson(
    testApp.app,
    API_PATHS.account.login,
    { user_name: email, password },
    { remoteAddress: address },
  );

/** Wrong codes for the challenge until the account at `address` must wait. */
async function wrongCodes(url: string, challenge: MfaChallenge, address: string) {
  for (let i = 0; i < MAX_PER_ACCOUNT; i += 1) {
    const response = await postJson(
      testApp.app,
      url,
      { challenge_token: challenge.challenge_token, code: '000000' },
      { remoteAddress: address },
    );
    failure(response, 401, 'UNAUTHENTICATED');
  }
}

describe('every 429 says when to try again', () => {
  it('a password sign-in throttled for the account at an address: the wait, 30 s', async () => {
    const clinician = await createStaff(testApp.db);
    for (let i = 0; i < MAX_PER_ACCOUNT; i += 1) {
      await signIn(clinician.email, 'Wrong-password-1', '10.30.0.1');
    }
    const wait = retryAfter(await signIn(clinician.email, FACTORY_PASSWORD, '10.30.0.1'));
    expect(wait).toBeGreaterThanOrEqual(29);
    expect(wait).toBeLessThanOrEqual(30);
  });

  it('a password sign-in from an address that tried many accounts', async () => {
    const clinician = await createStaff(testApp.db);
    for (let i = 0; i < MAX_PER_ADDRESS; i += 1) {
      await signIn(`made-up-${i}@clinic.test`, 'Wrong-password-1', '10.30.0.2');
    }
    const wait = retryAfter(await signIn(clinician.email, FACTORY_PASSWORD, '10.30.0.2'));
    expect(wait).toBeGreaterThanOrEqual(29);
    expect(wait).toBeLessThanOrEqual(30);
  });

  it('the two-step code at sign-in', async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
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
    const address = '10.30.0.3';
    const challenge = successData(
      await signIn(clinician.email, clinician.password, address),
      mfaChallengeSchema,
    );
    await wrongCodes(API_PATHS.mfa.verify, challenge, address);
    const response = await postJson(
      testApp.app,
      API_PATHS.mfa.verify,
      { challenge_token: challenge.challenge_token, code: totpCode(secret, Date.now()) },
      { remoteAddress: address },
    );
    expect(retryAfter(response)).toBeGreaterThan(0);
  });

  it('the first code of a setup required at sign-in', async () => {
    await setRequiredForStaff(testApp.db, true);
    const clinician = await createStaff(testApp.db);
    const address = '10.30.0.4';
    const challenge = successData(
      await signIn(clinician.email, FACTORY_PASSWORD, address),
      mfaChallengeSchema,
    );
    expect(challenge.mfa).toBe('ENROL');
    await postJson(testApp.app, API_PATHS.mfa.enrolStart, {
      challenge_token: challenge.challenge_token,
    });
    await wrongCodes(API_PATHS.mfa.enrolConfirm, challenge, address);
    const response = await postJson(
      testApp.app,
      API_PATHS.mfa.enrolConfirm,
      { challenge_token: challenge.challenge_token, code: '123456' },
      { remoteAddress: address },
    );
    expect(retryAfter(response)).toBeGreaterThan(0);
  });

  it("a signed-in staff member's own two-step setup", async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    const headers = authHeaders(clinician.access_token);
    await postJson(testApp.app, API_PATHS.mfa.setup, {}, { headers });
    for (let i = 0; i < MAX_PER_ACCOUNT; i += 1) {
      const wrong = await postJson(
        testApp.app,
        API_PATHS.mfa.confirm,
        { code: '000000' },
        { headers },
      );
      failure(wrong, 422, 'UNPROCESSABLE');
    }
    const response = await postJson(
      testApp.app,
      API_PATHS.mfa.confirm,
      { code: '000000' },
      { headers },
    );
    expect(retryAfter(response)).toBeGreaterThan(0);
  });

  it('password-reset requests past the hourly limit of an address: until the oldest is an hour old', async () => {
    const address = '10.30.0.5';
    for (let i = 0; i < MAX_RESET_REQUESTS_PER_ADDRESS; i += 1) {
      await recordAudit(testApp.db, {
        action: AUDIT_ACTIONS.passwordResetRequested,
        actorEmail: `someone-${i}@clinic.test`,
        clientAddress: address,
      });
    }
    const response = await postJson(
      testApp.app,
      API_PATHS.account.sendCode,
      { user_name: 'anyone@clinic.test' },
      { remoteAddress: address },
    );
    failure(response, 429, 'RATE_LIMITED');
    const wait = retryAfter(response);
    expect(wait).toBeGreaterThan(3590);
    expect(wait).toBeLessThanOrEqual(3600);
  });

  it('a 429 raised by a plugin, and one answered by a scope of its own, get the default wait', async () => {
    const plugin = await testApp.app.inject({ method: 'GET', url: PLUGIN_LIMIT });
    failure(plugin, 429, 'RATE_LIMITED');
    expect(retryAfter(plugin)).toBe(DEFAULT_RETRY_AFTER_SECONDS);
    const scoped = await testApp.app.inject({ method: 'GET', url: SCOPED_LIMIT });
    expect(retryAfter(scoped)).toBe(DEFAULT_RETRY_AFTER_SECONDS);
  });
});
