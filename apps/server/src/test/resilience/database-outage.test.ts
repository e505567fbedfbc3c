import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { DEFAULT_PARTICIPANT_LIST_QUERY } from '@recovery-portal/contract/participants';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { call, dataOf, bodyExcerpt, login, type HttpAnswer } from './http-client';
import { startServer, type ServerProcess } from './server-process';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';
import { addStaff, createServerData, postgresAdminUrl, type ServerData } from './test-database';

/** pg's connection timeout (db/client.ts) plus time for a loaded machine to answer. */
const OUTAGE_ANSWER_WITHIN_MS = 8_000;
/** How long the server may take to notice the database is back, with no restart. */
const RECOVERY_WITHIN_MS = 15_000;

/**
 * The server reaches PostgreSQL through a TCP proxy the test breaks and mends. PostgreSQL only:
 * PGlite runs inside the server process, so its database cannot become unreachable while the
 * server lives (losing both at once is the crash test's case).
 */
describe.skipIf(!postgresAdminUrl)('database outage (PostgreSQL)', () => {
  let data: ServerData | undefined;
  let proxy: TcpProxy | undefined;
  let server: ServerProcess | undefined;
  let token = '';
  let participantId = 0;
  let clinicianLogin = { email: '', password: '' };

  beforeAll(async () => {
    data = await createServerData('postgres');
    const [clinician] = await addStaff(data, ['CLINICIAN']);
    if (!clinician || !data.databaseUrl) throw new Error('no clinician or database');
    clinicianLogin = clinician;
    const direct = new URL(data.databaseUrl);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const viaProxy = new URL(data.databaseUrl);
    viaProxy.port = String(proxy.port);
    server = await startServer({ dataDir: data.dataDir, databaseUrl: viaProxy.toString() });
    token = (await login(server.url, clinician.email, clinician.password)).access_token;
    const invited = await call(server.url, 'POST', API_PATHS.user.create, {
      token,
      json: { email: 'outage@resilience.test', name: 'Out Age', type: 'Pilot', group: 'CZ' },
    });
    participantId = (dataOf(invited) as { id: number }).id;
  }, 120_000);

  afterAll(async () => {
    await server?.kill();
    await proxy?.close();
    await data?.remove();
  });

  /** A read, a write, the sign-in and the participant list: each touches the database. */
  function dataRoutes(url: string): Record<string, () => Promise<HttpAnswer>> {
    return {
      'participant list': () =>
        call(url, 'POST', API_PATHS.user.list, { token, json: DEFAULT_PARTICIPANT_LIST_QUERY }),
      'participant profile': () =>
        call(url, 'GET', API_PATHS.user.profile(participantId), { token }),
      'record pain': () =>
        call(url, 'POST', API_PATHS.pain.report, {
          token,
          json: { user_id: participantId, score: 3, body_site: 'LEFT_KNEE', note: 'outage' },
        }),
      'sign in': () =>
        call(url, 'POST', API_PATHS.account.login, {
          json: { user_name: clinicianLogin.email, password: clinicianLogin.password },
        }),
    };
  }

  /** All at once, so that a blackholed database costs one connection timeout, not one each. */
  async function expectUnavailable(url: string) {
    const [ready, live, ...answers] = await Promise.all([
      call(url, 'GET', API_PATHS.ready),
      call(url, 'GET', API_PATHS.health),
      ...Object.entries(dataRoutes(url)).map(async ([name, request]) => ({
        name,
        answer: await request(),
      })),
    ]);
    for (const { name, answer } of answers) {
      expect(answer.status, `${name}: ${bodyExcerpt(answer)}`).toBe(503);
      expect(answer.body, name).toEqual({
        _success: false,
        _error: MESSAGES.http.databaseUnavailable,
        error: { code: 'SERVICE_UNAVAILABLE', message: MESSAGES.http.databaseUnavailable },
      });
      expect(answer.ms, `${name} answered after ${Math.round(answer.ms)} ms`).toBeLessThan(
        OUTAGE_ANSWER_WITHIN_MS,
      );
    }
    // Readiness: a load balancer polling it takes this server out of rotation.
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ _error: MESSAGES.http.databaseUnavailable });
    expect(ready.ms).toBeLessThan(OUTAGE_ANSWER_WITHIN_MS);
    // Liveness asks no database: the process is fine, so nothing should restart it.
    expect(live.status).toBe(200);
  }

  /** Polls until every data route answers 200 again; the server is never restarted. */
  async function expectRecovered(url: string) {
    const deadline = Date.now() + RECOVERY_WITHIN_MS;
    for (;;) {
      const answers = await Promise.all(
        Object.entries(dataRoutes(url)).map(async ([name, request]) => {
          const answer = await request();
          return answer.status === 200 ? null : `${name}: ${answer.status} ${bodyExcerpt(answer)}`;
        }),
      );
      const failing = answers.filter((answer) => answer !== null);
      if (failing.length === 0) break;
      if (Date.now() > deadline) {
        throw new Error(`not recovered after ${RECOVERY_WITHIN_MS} ms:\n${failing.join('\n')}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const ready = await call(url, 'GET', API_PATHS.ready);
    expect(dataOf(ready)).toEqual({ status: 'ok', database: 'postgres' });
  }

  it('when the database goes away, data routes answer 503 in the envelope at once, and 200 again once it is back', async () => {
    if (!server || !proxy) throw new Error('not started');
    const { url, pid } = server;
    for (const [name, request] of Object.entries(dataRoutes(url))) {
      expect((await request()).status, name).toBe(200);
    }
    await proxy.cut();
    await expectUnavailable(url);
    await proxy.restore();
    await expectRecovered(url);
    // Same process throughout: it recovered by itself.
    expect(server.pid).toBe(pid);
  }, 90_000);

  it('when PostgreSQL ends the server connections (a restart, pg_terminate_backend), calls in flight get 503 at worst and the next ones succeed', async () => {
    if (!server || !data?.databaseUrl || !postgresAdminUrl) throw new Error('not started');
    const database = new URL(data.databaseUrl).pathname.slice(1);
    const inFlight = Promise.all(
      Object.entries(dataRoutes(server.url)).map(async ([name, request]) => ({
        name,
        answer: await request(),
      })),
    );
    const admin = new pg.Client({ connectionString: postgresAdminUrl });
    await admin.connect();
    try {
      // 57P01 admin_shutdown on every connection of the server, as a restart sends it.
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [database],
      );
    } finally {
      await admin.end();
    }
    for (const { name, answer } of await inFlight) {
      expect([200, 503], `${name}: ${bodyExcerpt(answer)}`).toContain(answer.status);
    }
    await expectRecovered(server.url);
  }, 90_000);

  it('when the database host stops answering, calls fail with 503 after the connection timeout instead of hanging', async () => {
    if (!server || !proxy) throw new Error('not started');
    proxy.blackhole();
    await expectUnavailable(server.url);
    await proxy.restore();
    await expectRecovered(server.url);
  }, 90_000);
});
