import { afterEach, describe, expect, it } from 'vitest';
import { healthSchema } from '@recovery-portal/contract/health';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { buildTestApp, failure, successData, type TestApp } from '#app/test/build-test-app';

const expectedKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

describe('health', () => {
  let testApp: TestApp | undefined;
  afterEach(async () => {
    await testApp?.close();
    testApp = undefined;
  });

  it('anyone can check that the server and its database are up, without logging in', async () => {
    testApp = await buildTestApp();
    for (const url of [API_PATHS.health, API_PATHS.ready]) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.json(), url).toEqual({
        _success: true,
        _data: { status: 'ok', database: expectedKind },
      });
      expect(successData(response, healthSchema)).toEqual({ status: 'ok', database: expectedKind });
    }
  });

  it('a load balancer sees readiness 503 with the envelope once the database is gone, while liveness stays 200', async () => {
    testApp = await buildTestApp();
    await testApp.database.close();
    const response = await testApp.app.inject({ method: 'GET', url: API_PATHS.ready });
    const envelope = failure(response, 503, 'SERVICE_UNAVAILABLE');
    expect(envelope._error).toMatch(/database/i);
    expect(response.body).not.toMatch(/stack|at \w+ \(|PGlite|pool/i);
    // Liveness asks no database: the process is alive, and restarting it would not help.
    const live = await testApp.app.inject({ method: 'GET', url: API_PATHS.health });
    expect(live.statusCode).toBe(200);
    expect(successData(live, healthSchema).status).toBe('ok');
  });
});
