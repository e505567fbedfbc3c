import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenPairSchema } from '@recovery-portal/contract/account';
import { DEFAULT_PARTICIPANT_LIST_QUERY } from '@recovery-portal/contract/participants';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { call, dataOf, bodyExcerpt, login, type HttpAnswer } from './http-client';
import { startServer, type ServerProcess } from './server-process';
import {
  addStaff,
  createServerData,
  postgresAdminUrl,
  type ServerData,
  type StaffLogin,
} from './test-database';

/**
 * Two server processes on one PostgreSQL database, as behind a load balancer: each has its own
 * DATA_DIR (as on its own machine) and both get the same JWT_SECRET from the environment. They
 * must behave as one server: sessions, refresh-token rotation and login throttling live in the
 * database. PostgreSQL only: PGlite belongs to a single process.
 */
const MAX_FAILURES_PER_ACCOUNT = 5;

describe.skipIf(!postgresAdminUrl)('two servers on one PostgreSQL database', () => {
  let data: ServerData | undefined;
  let dataDirB = '';
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  const staff: StaffLogin[] = [];

  beforeAll(async () => {
    data = await createServerData('postgres');
    // B's own DATA_DIR (DICOM store, no secrets.json shared with A); its database is A's.
    dataDirB = await mkdtemp(path.join(tmpdir(), 'rp-resilience-b-'));
    staff.push(...(await addStaff(data, ['CLINICIAN', 'CLINICIAN', 'CLINICIAN', 'CLINICIAN'])));
    const env = { LOGIN_MAX_FAILURES_PER_ACCOUNT: String(MAX_FAILURES_PER_ACCOUNT) };
    [a, b] = await Promise.all([
      startServer({ dataDir: data.dataDir, databaseUrl: data.databaseUrl, env }),
      startServer({ dataDir: dataDirB, databaseUrl: data.databaseUrl, env }),
    ]);
  }, 150_000);

  afterAll(async () => {
    await Promise.all([a?.kill(), b?.kill()]);
    await data?.remove();
    if (dataDirB) await rm(dataDirB, { recursive: true, force: true });
  });

  function servers(): [ServerProcess, ServerProcess] {
    if (!a || !b) throw new Error('servers not started');
    return [a, b];
  }

  function account(index: number): StaffLogin {
    const found = staff[index];
    if (!found) throw new Error(`no staff account ${index}`);
    return found;
  }

  const listParticipants = (server: ServerProcess, token: string) =>
    call(server.url, 'POST', API_PATHS.user.list, { token, json: DEFAULT_PARTICIPANT_LIST_QUERY });
  const refresh = (server: ServerProcess, refreshToken: string) =>
    call(server.url, 'POST', API_PATHS.account.token, {
      json: { grant_type: 'refresh_token', refresh_token: refreshToken },
    });
  const expectStatus = (answer: HttpAnswer, status: number, what: string) =>
    expect(answer.status, `${what}: ${bodyExcerpt(answer)}`).toBe(status);

  it('a session signed in on one server works on the other', async () => {
    const [serverA, serverB] = servers();
    const clinician = account(0);
    const session = await login(serverA.url, clinician.email, clinician.password);
    expectStatus(await listParticipants(serverB, session.access_token), 200, 'access token on B');
    const rotated = tokenPairSchema.parse(dataOf(await refresh(serverB, session.refresh_token)));
    expectStatus(await listParticipants(serverA, rotated.access_token), 200, 'rotated token on A');
  });

  it('a refresh token rotated on one server and replayed on the other ends the whole session', async () => {
    const [serverA, serverB] = servers();
    const clinician = account(1);
    const session = await login(serverA.url, clinician.email, clinician.password);
    const rotated = tokenPairSchema.parse(dataOf(await refresh(serverA, session.refresh_token)));
    // The replay (a stolen copy of the old token) is refused and revokes the family...
    expectStatus(await refresh(serverB, session.refresh_token), 401, 'old refresh token on B');
    // ...so the legitimate holder's newer tokens are dead on both servers too.
    expectStatus(await refresh(serverA, rotated.refresh_token), 401, 'rotated refresh token on A');
    expectStatus(await listParticipants(serverB, rotated.access_token), 401, 'access token on B');
    expectStatus(await listParticipants(serverA, rotated.access_token), 401, 'access token on A');
  });

  it('the same refresh token presented to both servers at once is honoured once, and the race counts as reuse', async () => {
    const [serverA, serverB] = servers();
    const clinician = account(2);
    const session = await login(serverA.url, clinician.email, clinician.password);
    const answers = await Promise.all([
      refresh(serverA, session.refresh_token),
      refresh(serverB, session.refresh_token),
    ]);
    // Never two valid successors of one token: the database lets exactly one rotation win.
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
    const winner = answers.find((answer) => answer.status === 200);
    if (!winner) throw new Error('no winner');
    // The loser presented a consumed token, which is a reuse: the session ends for both.
    const pair = tokenPairSchema.parse(dataOf(winner));
    expectStatus(await refresh(serverB, pair.refresh_token), 401, 'winner after the race');
  });

  it('failed sign-ins count across both servers, and the lock holds on both', async () => {
    const [serverA, serverB] = servers();
    const clinician = account(3);
    const attempt = (server: ServerProcess, password: string) =>
      call(server.url, 'POST', API_PATHS.account.login, {
        json: { user_name: clinician.email, password },
      });
    for (let failure = 0; failure < MAX_FAILURES_PER_ACCOUNT; failure += 1) {
      const server = failure % 2 === 0 ? serverA : serverB;
      expectStatus(
        await attempt(server, `Wrong-password-${failure}`),
        401,
        `wrong password ${failure}`,
      );
    }
    // Neither server alone has seen five failures, yet both now refuse the right password.
    expectStatus(await attempt(serverA, clinician.password), 429, 'right password on A');
    expectStatus(await attempt(serverB, clinician.password), 429, 'right password on B');
  });

  it('signing out on one server ends the session on the other at once', async () => {
    const [serverA, serverB] = servers();
    const clinician = account(0);
    const session = await login(serverA.url, clinician.email, clinician.password);
    expectStatus(await listParticipants(serverA, session.access_token), 200, 'before sign-out');
    expectStatus(
      await call(serverB.url, 'POST', API_PATHS.account.logout, {
        json: { refresh_token: session.refresh_token },
      }),
      200,
      'sign-out on B',
    );
    expectStatus(await listParticipants(serverA, session.access_token), 401, 'access token on A');
    expectStatus(await refresh(serverA, session.refresh_token), 401, 'refresh token on A');
  });
});
