import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { auditLog } from '#app/db/schema/audit';
import { ok } from '#app/lib/envelope';
import {
  buildTestApp,
  failure,
  postJson,
  successData,
  type TestApp,
} from '#app/test/build-test-app';
import { createStaff, FACTORY_PASSWORD } from '#app/test/factories';

const WHERE_FROM = '/api/test/where-from';
const whereFromSchema = z.object({ ip: z.string() });
const echoAddress = {
  beforeReady: (app: TestApp['app']) => {
    app.get(WHERE_FROM, { config: { access: 'public' } }, async (request) =>
      ok({ ip: request.ip }),
    );
  },
};

let oneHop: TestApp;
let listedProxies: TestApp;

beforeAll(async () => {
  oneHop = await buildTestApp({ TRUST_PROXY: '1' }, echoAddress);
  listedProxies = await buildTestApp({ TRUST_PROXY: '127.0.0.0/8, 10.0.0.0/8' }, echoAddress);
}, 120_000);
afterAll(async () => {
  await oneHop.close();
  await listedProxies.close();
});

async function addressSeen(app: TestApp, forwardedFor: string, remoteAddress = '127.0.0.1') {
  const response = await app.app.inject({
    method: 'GET',
    url: WHERE_FROM,
    headers: { 'x-forwarded-for': forwardedFor },
    remoteAddress,
  });
  return successData(response, whereFromSchema).ip;
}

describe('TRUST_PROXY=1: one load balancer in front', () => {
  it('the client address is the one the load balancer added, not what the client wrote', async () => {
    expect(await addressSeen(oneHop, '6.6.6.6, 10.0.0.9')).toBe('10.0.0.9');
    expect(await addressSeen(oneHop, '10.0.0.9')).toBe('10.0.0.9');
  });

  it('a client from the internet that reaches the server directly cannot forge its address', async () => {
    expect(await addressSeen(oneHop, '6.6.6.6', '198.51.100.4')).toBe('198.51.100.4');
    expect(await addressSeen(oneHop, '6.6.6.6', '::ffff:198.51.100.4')).toBe('::ffff:198.51.100.4');
  });

  it('the load balancer may reach the server over IPv6 or an IPv4-mapped address', async () => {
    expect(await addressSeen(oneHop, '6.6.6.6, 203.0.113.9', 'fd00::5')).toBe('203.0.113.9');
    expect(await addressSeen(oneHop, '203.0.113.9', '::ffff:10.0.0.2')).toBe('203.0.113.9');
  });

  it('the audit trail records the address the load balancer saw', async () => {
    const clinician = await createStaff(oneHop.db);
    const response = await postJson(
      oneHop.app,
      API_PATHS.account.login,
      { user_name: clinician.email, password: 'Wrong-password-1' },
      { headers: { 'x-forwarded-for': '6.6.6.6, 10.0.0.9' } },
    );
    failure(response, 401, 'UNAUTHENTICATED');
    const rows = await oneHop.db
      .select({ clientAddress: auditLog.clientAddress })
      .from(auditLog)
      .where(
        and(eq(auditLog.actorEmail, clinician.email), eq(auditLog.action, 'account.login.failed')),
      );
    expect(rows).toEqual([{ clientAddress: '10.0.0.9' }]);
  });

  it('a guesser who varies the left-most X-Forwarded-For entry is still throttled', async () => {
    const clinician = await createStaff(oneHop.db);
    const attempt = (password: string, forged: number) =>
      postJson(
        oneHop.app,
        API_PATHS.account.login,
        { user_name: clinician.email, password },
        { headers: { 'x-forwarded-for': `6.6.6.${forged}, 10.0.0.10` } },
      );
    const free = oneHop.config.loginThrottle.maxFailuresPerAccount;
    for (let i = 0; i < free; i += 1) {
      failure(await attempt(`Guess-${i}-password`, i), 401, 'UNAUTHENTICATED');
    }
    failure(await attempt(FACTORY_PASSWORD, 200), 429, 'RATE_LIMITED');
  });
});

describe('TRUST_PROXY as a list of proxies', () => {
  it('the address is the first one, from the right, that no listed proxy added', async () => {
    expect(await addressSeen(listedProxies, '6.6.6.6, 203.0.113.7, 10.0.0.9')).toBe('203.0.113.7');
  });

  it('a caller that is not a listed proxy is taken at its own address, whatever it forwards', async () => {
    expect(await addressSeen(listedProxies, '6.6.6.6', '198.51.100.4')).toBe('198.51.100.4');
  });
});
