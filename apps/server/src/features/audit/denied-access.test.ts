import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { auditLog } from '#app/db/schema/audit';
import {
  authHeaders,
  buildTestApp,
  loginAs,
  postJson,
  type TestApp,
} from '#app/test/build-test-app';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp.close();
});

async function deniedRows() {
  return testApp.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, 'access.denied'))
    .orderBy(desc(auditLog.id));
}

describe('denied access to data routes is audited', () => {
  it('a call without a session is recorded with the route, its ids and the status', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: API_PATHS.user.profile(4242) });
    expect(response.statusCode).toBe(401);
    const [row] = await deniedRows();
    expect(row).toMatchObject({
      actorId: null,
      clientAddress: '127.0.0.1',
      requestId: response.headers['x-request-id'],
      details: { route: 'GET /api/user/id/:id', status: 401, params: { id: '4242' } },
    });
    expect(row?.createdAt).toBeInstanceOf(Date);
  });

  it('a clinician calling an administrator route is recorded as that clinician with 403', async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    const response = await testApp.app.inject({
      method: 'GET',
      url: API_PATHS.user.listClinicians,
      headers: authHeaders(clinician.access_token),
    });
    expect(response.statusCode).toBe(403);
    const [row] = await deniedRows();
    expect(row).toMatchObject({
      actorId: clinician.user.id,
      actorEmail: clinician.email,
      details: { route: `GET ${API_PATHS.user.listClinicians}`, status: 403 },
    });
  });

  it('asking for a participant who is not there is recorded with 404', async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    const response = await testApp.app.inject({
      method: 'GET',
      url: API_PATHS.user.profile(2147483000),
      headers: authHeaders(clinician.access_token),
    });
    expect(response.statusCode).toBe(404);
    const [row] = await deniedRows();
    expect(row).toMatchObject({
      actorId: clinician.user.id,
      details: { route: 'GET /api/user/id/:id', status: 404, params: { id: 2147483000 } },
    });
  });

  it('public calls and unknown addresses are not data routes and leave no such row', async () => {
    const before = (await deniedRows()).length;
    await postJson(testApp.app, API_PATHS.account.login, {
      user_name: 'nobody@clinic.test',
      password: 'Wrong-password-1',
    });
    await testApp.app.inject({ method: 'GET', url: '/api/no/such/route' });
    expect(await deniedRows()).toHaveLength(before);
  });
});
