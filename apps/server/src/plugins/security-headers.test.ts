import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { authHeaders, buildTestApp, loginAs, type TestApp } from '#app/test/build-test-app';

let webDistDir: string;
let testApp: TestApp;
let behindProxy: TestApp;
let openDocs: TestApp;

beforeAll(async () => {
  webDistDir = await mkdtemp(path.join(tmpdir(), 'rp-headers-web-'));
  await mkdir(path.join(webDistDir, 'assets'));
  await writeFile(path.join(webDistDir, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(webDistDir, 'assets', 'app-1a2b.js'), 'console.log(1);');
  await writeFile(path.join(webDistDir, 'assets', 'app-1a2b.js.map'), '{"sources":["secret.ts"]}');
  testApp = await buildTestApp({ WEB_DIST_DIR: webDistDir });
  behindProxy = await buildTestApp({ TRUST_PROXY: '1' });
  openDocs = await buildTestApp({ API_DOCS_PUBLIC: '1' });
  // Three apps, each opening its own database: slow on a busy machine.
}, 120_000);
afterAll(async () => {
  await testApp.close();
  await behindProxy.close();
  await openDocs.close();
  await rm(webDistDir, { recursive: true, force: true });
});

describe('caching', () => {
  it('every /api answer, success or failure, says no-store', async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    const answers = await Promise.all([
      testApp.app.inject({ method: 'GET', url: API_PATHS.health }),
      testApp.app.inject({
        method: 'GET',
        url: API_PATHS.user.listClinicians,
        headers: authHeaders(clinician.access_token),
      }),
      testApp.app.inject({ method: 'GET', url: API_PATHS.user.listClinicians }),
      testApp.app.inject({ method: 'GET', url: '/api/nothing-here' }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 403, 401, 404]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('fingerprinted assets stay cacheable for a year', async () => {
    const asset = await testApp.app.inject({ method: 'GET', url: '/assets/app-1a2b.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('source maps', () => {
  it('are not served, not even as the portal page', async () => {
    const map = await testApp.app.inject({ method: 'GET', url: '/assets/app-1a2b.js.map' });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('secret.ts');
    expect(map.headers['content-type']).toMatch(/application\/json/);
  });
});

describe('framing and HTTPS', () => {
  it('framing is denied by both headers, which agree', async () => {
    const page = await testApp.app.inject({ method: 'GET', url: '/participants' });
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('HSTS is not sent over plain HTTP, nor on a forwarded header the server does not trust', async () => {
    const plain = await testApp.app.inject({ method: 'GET', url: API_PATHS.health });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const spoofed = await testApp.app.inject({
      method: 'GET',
      url: API_PATHS.health,
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });

  it('behind a trusted proxy that received HTTPS, HSTS is sent', async () => {
    const https = await behindProxy.app.inject({
      method: 'GET',
      url: API_PATHS.health,
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const http = await behindProxy.app.inject({
      method: 'GET',
      url: API_PATHS.health,
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(http.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('API docs', () => {
  it('are for signed-in staff by default', async () => {
    const anonymous = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(anonymous.statusCode).toBe(401);
    const clinician = await loginAs(testApp, 'CLINICIAN');
    const signedIn = await testApp.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: authHeaders(clinician.access_token),
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ openapi: expect.stringMatching(/^3\./) });
  });

  it('API_DOCS_PUBLIC=1 opens them to anyone', async () => {
    const anonymous = await openDocs.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(anonymous.statusCode).toBe(200);
  });
});
