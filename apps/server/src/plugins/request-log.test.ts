import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { authHeaders, buildTestApp, loginAs, type TestApp } from '#app/test/build-test-app';

const lines: Record<string, unknown>[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      lines.push(JSON.parse(line) as Record<string, unknown>);
    }
    done();
  },
});

let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp({}, { logger: { level: 'info', stream } });
}, 60_000);

afterAll(async () => {
  await testApp.close();
});

describe('request log', () => {
  it('writes one line per request, with the route pattern and not the URL or its query', async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    lines.splice(0);
    const response = await testApp.app.inject({
      method: 'GET',
      url: `${API_PATHS.user.profile(987654)}?search=jane.doe@example.com`,
      headers: authHeaders(clinician.access_token),
    });
    expect(response.statusCode).toBe(404);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'request',
      method: 'GET',
      route: '/api/user/id/:id',
      status: 404,
      reqId: response.headers['x-request-id'],
    });
    expect(typeof lines[0]?.ms).toBe('number');
    expect(JSON.stringify(lines)).not.toMatch(/jane|example\.com|987654/);
  });

  it('an address that matches no route is logged as unmatched, without its path', async () => {
    lines.splice(0);
    await testApp.app.inject({ method: 'GET', url: '/api/no-such/jane.doe@example.com' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ route: 'unmatched', status: 404 });
    expect(JSON.stringify(lines)).not.toMatch(/jane/);
  });
});
