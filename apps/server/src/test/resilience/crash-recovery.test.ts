import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  dicomUploadResponseSchema,
  imagingFileListSchema,
} from '@recovery-portal/contract/imaging';
import { painLogListSchema, painLogSchema } from '@recovery-portal/contract/pain';
import { participantListRowSchema } from '@recovery-portal/contract/participants';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { surgeryListSchema, surgeryMutationSchema } from '@recovery-portal/contract/surgery';
import { auditLog } from '#app/db/schema/audit';
import { imagingFiles } from '#app/db/schema/imaging';
import { outbox } from '#app/db/schema/outbox';
import { surgeries } from '#app/db/schema/surgery';
import { surveyResponses } from '#app/db/schema/surveys';
import { users } from '#app/db/schema/users';
import { buildDicom, multipartBody } from '#app/features/imaging/imaging.fixtures';
import { call, dataOf, bodyExcerpt, login, type HttpAnswer } from './http-client';
import { startServer, type ServerProcess } from './server-process';
import { addStaff, createServerData, postgresAdminUrl, type ServerData } from './test-database';

/**
 * kill -9 while writes are in flight. `npm test` runs this file twice: on PGlite (the embedded
 * default, one process owning DATA_DIR) and, with TEST_DATABASE_URL, on PostgreSQL.
 */
const kind = postgresAdminUrl ? 'postgres' : 'pglite';

type WriteKind = 'invite' | 'pain' | 'surgery' | 'dicom';
const WRITE_KINDS: readonly WriteKind[] = ['invite', 'pain', 'surgery', 'dicom'];

/**
 * The storm's concurrent clients, each sending one kind of write. Uploads are slow, so one
 * client is enough to keep one in flight; more clients keep the fast writes in flight too.
 */
const WRITERS: readonly WriteKind[] = [
  'invite',
  'invite',
  'invite',
  'pain',
  'pain',
  'surgery',
  'surgery',
  'dicom',
];
/**
 * Once every kind of write has been acknowledged this many times, the server is killed after a
 * random pause of up to KILL_JITTER_MS, so that the kill lands at a different point of the
 * writes on each run (between an account and its email, a file and its row, ...).
 */
const KILL_AFTER_EACH_KIND = 2;
const KILL_JITTER_MS = 25;
/** A storm that never gets there (say, every upload refused) is cut short and fails below. */
const STORM_LIMIT_MS = 60_000;

interface Attempt {
  kind: WriteKind;
  /** What finds the write in the database whether or not it was acknowledged. */
  key: string;
  participantId: number | null;
  outcome: 'pending' | 'acknowledged' | 'refused' | 'lost';
  /** The created row's id, once acknowledged. */
  id?: number;
  requestId?: string | null;
  answer?: HttpAnswer;
}

const idOnly = z.object({ id: z.number().int() });

function surgeryBody(userId: number, surgeon: string) {
  return {
    user_id: userId,
    procedure: 'TOTAL_KNEE_REPLACEMENT',
    side: 'LEFT',
    surgery_date: '2024-03-14',
    surgeon,
    hospital: 'Resilience General',
    notes: null,
  };
}

function dicomUpload(userId: number, surgeryId: number) {
  const bytes = buildDicom({ rows: 4, columns: 4 });
  return {
    sha256: createHash('sha256').update(bytes).digest('hex'),
    body: multipartBody([
      { name: 'user_id', value: String(userId) },
      { name: 'surgery_id', value: String(surgeryId) },
      { name: 'files', filename: 'crash.dcm', content: bytes },
    ]),
  };
}

describe(`crash recovery (${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'})`, () => {
  let data: ServerData | undefined;
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.kill();
    await data?.remove();
  });

  it('after kill -9 mid-write and a restart, every acknowledged write is there and none is half done', async () => {
    data = await createServerData(kind);
    const [clinician] = await addStaff(data, ['CLINICIAN']);
    if (!clinician) throw new Error('no clinician');
    server = await startServer({ dataDir: data.dataDir, databaseUrl: data.databaseUrl });
    const first = server;
    const { access_token: token } = await login(first.url, clinician.email, clinician.password);
    const run = randomBytes(3).toString('hex');

    // Participants the storm writes pain reports and scans for, one with a surgery for the scans.
    const invite = (email: string) =>
      call(first.url, 'POST', API_PATHS.user.create, {
        token,
        json: { email, name: 'Crash Test', type: 'Pilot', group: 'CZ' },
      });
    const regulars: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const answer = await invite(`regular-${run}-${i}@resilience.test`);
      regulars.push(participantListRowSchema.parse(dataOf(answer)).id);
    }
    const scanOwner = regulars[0] ?? 0;
    const scanSurgery = surgeryMutationSchema.parse(
      dataOf(
        await call(first.url, 'POST', API_PATHS.surgery.surgery, {
          token,
          json: surgeryBody(scanOwner, `Dr Setup ${run}`),
        }),
      ),
    ).surgery.id;

    // The storm: every writer sends its next write as soon as the last one is answered.
    const attempts: Attempt[] = [];
    const withoutSurgery: number[] = [];
    let sequence = 0;
    const acknowledged = new Map<WriteKind, number>();
    let killed: Promise<void> | null = null;
    let serverDown = false;
    let inFlightAtKill: WriteKind[] = [];
    const killMidStream = async () => {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * KILL_JITTER_MS));
      inFlightAtKill = attempts
        .filter((attempt) => attempt.outcome === 'pending')
        .map((attempt) => attempt.kind);
      await first.kill();
      serverDown = true;
    };
    const send = async (attempt: Attempt, request: () => Promise<HttpAnswer>) => {
      attempts.push(attempt);
      try {
        const answer = await request();
        attempt.answer = answer;
        attempt.requestId = answer.requestId;
        if (answer.status !== 200) {
          attempt.outcome = 'refused';
          return;
        }
        attempt.outcome = 'acknowledged';
        acknowledged.set(attempt.kind, (acknowledged.get(attempt.kind) ?? 0) + 1);
        if (WRITE_KINDS.every((each) => (acknowledged.get(each) ?? 0) >= KILL_AFTER_EACH_KIND)) {
          killed ??= killMidStream();
        }
        const payload = dataOf(answer);
        switch (attempt.kind) {
          case 'invite':
            attempt.id = idOnly.parse(payload).id;
            withoutSurgery.push(attempt.id);
            break;
          case 'surgery':
            attempt.id = surgeryMutationSchema.parse(payload).surgery.id;
            break;
          case 'pain':
            attempt.id = painLogSchema.parse(payload).id;
            break;
          case 'dicom':
            attempt.id = dicomUploadResponseSchema.parse(payload).files[0]?.id;
            break;
        }
      } catch {
        // No answer: the connection died with the server (or the server was already gone).
        // Whether it committed is unknown; the checks below hold either way.
        attempt.outcome = 'lost';
      }
    };
    const writer = async (kindOf: WriteKind) => {
      while (!serverDown) {
        sequence += 1;
        const n = sequence;
        const participant = regulars[n % regulars.length] ?? scanOwner;
        switch (kindOf) {
          case 'invite': {
            const email = `storm-${run}-${n}@resilience.test`;
            await send(
              { kind: 'invite', key: email, participantId: null, outcome: 'pending' },
              () => invite(email),
            );
            break;
          }
          case 'pain': {
            const note = `crash note ${run} ${n}`;
            await send(
              { kind: 'pain', key: note, participantId: participant, outcome: 'pending' },
              () =>
                call(first.url, 'POST', API_PATHS.pain.report, {
                  token,
                  json: { user_id: participant, score: n % 11, body_site: 'LEFT_KNEE', note },
                }),
            );
            break;
          }
          case 'surgery': {
            // A participant's first surgery also schedules their surveys, in the same commit.
            const target = withoutSurgery.shift() ?? participant;
            const surgeon = `Dr Storm ${run} ${n}`;
            await send(
              { kind: 'surgery', key: surgeon, participantId: target, outcome: 'pending' },
              () =>
                call(first.url, 'POST', API_PATHS.surgery.surgery, {
                  token,
                  json: surgeryBody(target, surgeon),
                }),
            );
            break;
          }
          case 'dicom': {
            const upload = dicomUpload(scanOwner, scanSurgery);
            await send(
              { kind: 'dicom', key: upload.sha256, participantId: scanOwner, outcome: 'pending' },
              () => call(first.url, 'POST', API_PATHS.surgery.dicom, { token, raw: upload.body }),
            );
            break;
          }
        }
      }
    };
    const limit = setTimeout(() => {
      killed ??= killMidStream();
    }, STORM_LIMIT_MS);
    await Promise.all(WRITERS.map(writer));
    clearTimeout(limit);
    await killed;

    const refused = attempts.filter((attempt) => attempt.outcome === 'refused');
    expect(
      refused.map(
        (attempt) => `${attempt.kind}: ${attempt.answer ? bodyExcerpt(attempt.answer) : ''}`,
      ),
    ).toEqual([]);
    const acked = attempts.filter((attempt) => attempt.outcome === 'acknowledged');
    // The kill really landed mid-stream: writes were in flight, and every kind had succeeded.
    expect(inFlightAtKill.length).toBeGreaterThan(0);
    expect(new Set(acked.map((attempt) => attempt.kind))).toEqual(new Set(WRITE_KINDS));

    // The same data again; on PGlite this also opens a data folder whose owner died holding
    // its lock and its files mid-write.
    server = await startServer({ dataDir: data.dataDir, databaseUrl: data.databaseUrl });
    const second = server;
    // The session survived too: the access token issued before the crash still works.
    const ackedOf = (writeKind: WriteKind) => acked.filter((attempt) => attempt.kind === writeKind);
    for (const attempt of ackedOf('invite')) {
      const answer = await call(second.url, 'GET', API_PATHS.user.profile(attempt.id ?? 0), {
        token,
      });
      expect(answer.status, `invited participant ${attempt.key}`).toBe(200);
    }
    const painSeen = new Set<number>();
    for (const userId of regulars) {
      const answer = await call(second.url, 'POST', API_PATHS.pain.lastN, {
        token,
        json: { user_id: userId, n: 200 },
      });
      for (const log of painLogListSchema.parse(dataOf(answer))) painSeen.add(log.id);
    }
    expect(ackedOf('pain').filter((attempt) => !painSeen.has(attempt.id ?? 0))).toEqual([]);
    const surgeryOwners = new Set(ackedOf('surgery').map((attempt) => attempt.participantId ?? 0));
    const surgeriesSeen = new Set<number>();
    for (const userId of surgeryOwners) {
      const answer = await call(second.url, 'GET', `${API_PATHS.surgery.list}?user_id=${userId}`, {
        token,
      });
      for (const surgery of surgeryListSchema.parse(dataOf(answer))) surgeriesSeen.add(surgery.id);
    }
    expect(ackedOf('surgery').filter((attempt) => !surgeriesSeen.has(attempt.id ?? 0))).toEqual([]);
    const scans = imagingFileListSchema.parse(
      dataOf(
        await call(
          second.url,
          'GET',
          `${API_PATHS.surgery.dicomList}?user_id=${scanOwner}&surgery_id=${scanSurgery}`,
          { token },
        ),
      ),
    );
    const scansSeen = new Set(scans.map((scan) => scan.id));
    expect(ackedOf('dicom').filter((attempt) => !scansSeen.has(attempt.id ?? 0))).toEqual([]);
    await second.stop();

    // Half-written writes show only in the tables and files themselves.
    const database = await data.open();
    try {
      const { db } = database;
      const inviteEmails = attempts
        .filter((attempt) => attempt.kind === 'invite')
        .map((attempt) => attempt.key);
      const accounts = await db
        .select({ email: users.email })
        .from(users)
        .where(inArray(users.email, inviteEmails));
      const mails = await db
        .select({ recipient: outbox.recipient })
        .from(outbox)
        .where(inArray(outbox.recipient, inviteEmails));
      // An invitation is the account and its email together, or neither.
      expect(new Set(mails.map((mail) => mail.recipient))).toEqual(
        new Set(accounts.map((account) => account.email)),
      );
      for (const attempt of ackedOf('invite')) {
        expect(accounts.map((account) => account.email)).toContain(attempt.key);
      }

      // A first surgery and the survey schedule dated from it are one write.
      const stormSurgeons = attempts
        .filter((attempt) => attempt.kind === 'surgery')
        .map((attempt) => attempt.key);
      const stormSurgeries = await db
        .select({ userId: surgeries.userId })
        .from(surgeries)
        .where(inArray(surgeries.surgeon, stormSurgeons));
      const operated = [...new Set(stormSurgeries.map((row) => row.userId))];
      const scheduled = operated.length
        ? await db
            .selectDistinct({ userId: surveyResponses.userId })
            .from(surveyResponses)
            .where(inArray(surveyResponses.userId, operated))
        : [];
      expect(new Set(scheduled.map((row) => row.userId))).toEqual(new Set(operated));

      // Every scan row has its file, and (after the restart's sweep) every file its row.
      const rows = await db.select({ sha256: imagingFiles.contentSha256 }).from(imagingFiles);
      const storeDir = path.join(data.dataDir, 'files', 'dicom');
      for (const row of rows) {
        expect(existsSync(path.join(storeDir, row.sha256.slice(0, 2), row.sha256))).toBe(true);
      }
      const stored: string[] = [];
      for (const shard of await readdir(storeDir)) {
        stored.push(...(await readdir(path.join(storeDir, shard))));
      }
      expect(new Set(stored)).toEqual(new Set(rows.map((row) => row.sha256)));

      // Each acknowledged change was audited before it was acknowledged.
      const requestIds = acked.map((attempt) => attempt.requestId ?? '');
      const audited = await db
        .select({ requestId: auditLog.requestId })
        .from(auditLog)
        .where(inArray(auditLog.requestId, requestIds));
      expect(new Set(audited.map((row) => row.requestId))).toEqual(new Set(requestIds));
    } finally {
      await database.close();
    }
  }, 240_000);
});
