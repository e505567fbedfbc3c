import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { OperationOutcome } from '@medplum/fhirtypes';
import { eq, inArray, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { LightMyRequestResponse } from 'fastify';
import {
  FHIR_BASE_PATH,
  FHIR_EXPORT_BUSY_RETRY_AFTER_SECONDS,
  FHIR_EXPORT_MESSAGES,
} from '@recovery-portal/contract/fhir';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { beforeAll, describe, expect, it } from 'vitest';
import { fhirBackendClients } from '#app/db/schema/fhir-clients';
import { fhirExportJobs } from '#app/db/schema/fhir-export';
import { authHeaders, loginAs, type LoggedInStaff, useTestApp } from '#app/test/build-test-app';
import { createParticipant } from '#app/test/factories';
import { EXPORT_ABANDONED_SECONDS, startExportSweeps } from './export-retention';
import { insertExportJob } from './export.repository';

const testApp = useTestApp();
let clinician: LoggedInStaff;
const base = `http://portal.test${FHIR_BASE_PATH}`;

beforeAll(async () => {
  clinician = await loginAs(testApp, 'CLINICIAN');
  await createParticipant(testApp.db, { firstName: 'Rue' });
}, 90_000);

const folderOf = (id: string) => path.join(testApp.config.dataDir, 'fhir-export', id);

function get(url: string, token: string) {
  return testApp.app.inject({
    method: 'GET',
    url: url.startsWith('http')
      ? url.replace('http://portal.test', '')
      : `${FHIR_BASE_PATH}/${url}`,
    headers: { authorization: `Bearer ${token}`, prefer: 'respond-async' },
  });
}

function diagnostics(response: LightMyRequestResponse): string {
  expect(response.headers['content-type']).toMatch(/^application\/fhir\+json/);
  return response.json<OperationOutcome>().issue[0]?.diagnostics ?? '';
}

async function finished(location: string, token: string): Promise<{ url: string }[]> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const response = await get(location, token);
    if (response.statusCode === 200) return response.json<{ output: { url: string }[] }>().output;
    expect(response.statusCode, response.body).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the export never finished');
}

/** A job row as a process would have left it, with a folder holding a partial file. */
async function leaveJob(row: Partial<PgInsertValue<typeof fhirExportJobs>>): Promise<string> {
  const id = randomUUID();
  await testApp.db.insert(fhirExportJobs).values({
    id,
    status: 'in-progress',
    level: 'system',
    types: ['Patient'],
    requestUrl: `${base}/$export`,
    transactionTime: new Date(),
    ...row,
  });
  await mkdir(folderOf(id), { recursive: true });
  await writeFile(path.join(folderOf(id), 'Patient.ndjson'), '{"resourceType":"Patient"}\n');
  return id;
}

const abandonedAt = () => sql`now() - make_interval(secs => ${EXPORT_ABANDONED_SECONDS + 60})`;

async function jobsLeft(ids: string[]): Promise<string[]> {
  const rows = await testApp.db
    .select({ id: fhirExportJobs.id })
    .from(fhirExportJobs)
    .where(inArray(fhirExportJobs.id, ids));
  return rows.map((row) => row.id);
}

describe('bulk export files', () => {
  it('answers 404 naming the file for a type the export did not write, or a file gone', async () => {
    const location = String(
      (await get('Patient/$export?_type=Patient', clinician.access_token)).headers[
        'content-location'
      ],
    );
    const [patients] = await finished(location, clinician.access_token);
    const id = location.split('/').pop() ?? '';
    for (const name of ['Observation.ndjson', 'Bogus.ndjson', 'Patient.ndjson.bak']) {
      const response = await get(`bulk-files/${id}/${name}`, clinician.access_token);
      expect(response.statusCode).toBe(404);
      expect(diagnostics(response)).toBe(FHIR_EXPORT_MESSAGES.fileNotFound(name));
    }
    await rm(folderOf(id), { recursive: true, force: true });
    const gone = await get(patients?.url ?? '', clinician.access_token);
    expect(gone.statusCode).toBe(404);
    expect(diagnostics(gone)).toBe(FHIR_EXPORT_MESSAGES.jobNotFound);
  });
});

describe('one export at a time per caller', () => {
  it('answers 429 with Retry-After and the running export while one runs', async () => {
    const busy = await loginAs(testApp, 'CLINICIAN');
    const running = await leaveJob({ requesterStaffId: busy.user.id });
    const refused = await get('$export', busy.access_token);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(FHIR_EXPORT_BUSY_RETRY_AFTER_SECONDS));
    expect(diagnostics(refused)).toBe(FHIR_EXPORT_MESSAGES.busy(`${base}/bulk-status/${running}`));
    // Someone else's export is no reason to wait.
    const other = await loginAs(testApp, 'CLINICIAN');
    const theirs = await get('Patient/$export?_type=Patient', other.access_token);
    expect(theirs.statusCode).toBe(202);
    await finished(String(theirs.headers['content-location']), other.access_token);
    await testApp.db
      .update(fhirExportJobs)
      .set({ status: 'completed', expiresAt: sql`now() + interval '1 hour'` })
      .where(eq(fhirExportJobs.id, running));
    const next = await get('Patient/$export?_type=Patient', busy.access_token);
    expect(next.statusCode).toBe(202);
    await finished(String(next.headers['content-location']), busy.access_token);
  });

  // Through HTTP the first job can finish before a later kick-off is recorded (a small export
  // on a busy machine), so the guarantee is held where it lives: the partial unique index.
  it('records only one of three kick-offs sent together', async () => {
    const hasty = await loginAs(testApp, 'CLINICIAN');
    const kickOff = () =>
      insertExportJob(testApp.db, {
        id: randomUUID(),
        level: 'patient',
        groupId: null,
        types: ['Patient'],
        since: null,
        requesterStaffId: hasty.user.id,
        requesterClientId: null,
        requestUrl: `${base}/Patient/$export`,
        transactionTime: new Date(),
      });
    const recorded = await Promise.all([kickOff(), kickOff(), kickOff()]);
    expect(recorded.filter(Boolean)).toHaveLength(1);
    const refused = await get('Patient/$export?_type=Patient', hasty.access_token);
    expect(refused.statusCode).toBe(429);
  });

  it('does not hold a caller back for an export whose process died long ago', async () => {
    const stranded = await loginAs(testApp, 'CLINICIAN');
    const dead = await leaveJob({ requesterStaffId: stranded.user.id, heartbeatAt: abandonedAt() });
    const response = await get('Patient/$export?_type=Patient', stranded.access_token);
    expect(response.statusCode, response.body).toBe(202);
    expect(await jobsLeft([dead])).toEqual([]);
    expect(existsSync(folderOf(dead))).toBe(false);
    await finished(String(response.headers['content-location']), stranded.access_token);
  });
});

describe('the export sweep', () => {
  it('removes expired and abandoned exports and stray folders at start, without a poll', async () => {
    const expired = await leaveJob({
      status: 'completed',
      expiresAt: sql`now() - interval '1 second'`,
    });
    const failed = await leaveJob({
      status: 'failed',
      expiresAt: sql`now() - interval '1 second'`,
    });
    const abandoned = await leaveJob({ heartbeatAt: abandonedAt() });
    const running = await leaveJob({ heartbeatAt: sql`now() - interval '2 minutes'` });
    const fresh = await leaveJob({
      status: 'completed',
      expiresAt: sql`now() + interval '1 hour'`,
    });
    const stray = randomUUID();
    await mkdir(folderOf(stray), { recursive: true });
    const errors: unknown[] = [];
    const stop = startExportSweeps(
      { db: testApp.db, dataDir: testApp.config.dataDir },
      { everyMs: 3_600_000, logger: { error: (details) => errors.push(details) } },
    );
    await stop();
    expect(errors).toEqual([]);
    expect((await jobsLeft([expired, failed, abandoned, running, fresh])).sort()).toEqual(
      [running, fresh].sort(),
    );
    for (const id of [expired, failed, abandoned, stray])
      expect(existsSync(folderOf(id))).toBe(false);
    for (const id of [running, fresh]) expect(existsSync(folderOf(id))).toBe(true);
    await testApp.db.delete(fhirExportJobs).where(inArray(fhirExportJobs.id, [running, fresh]));
  });
});

describe('revoking a system client', () => {
  it('removes its exports, running or finished, and their files; others keep theirs', async () => {
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    const clientId = randomUUID();
    await testApp.db.insert(fhirBackendClients).values({
      id: clientId,
      name: 'Registry feed',
      publicKey: { kty: 'EC' },
      scopes: ['system/*.rs'],
    });
    const done = await leaveJob({
      requesterClientId: clientId,
      status: 'completed',
      expiresAt: sql`now() + interval '1 hour'`,
    });
    const running = await leaveJob({ requesterClientId: clientId });
    const staffs = await leaveJob({
      requesterStaffId: clinician.user.id,
      status: 'completed',
      expiresAt: sql`now() + interval '1 hour'`,
    });
    const revoked = await testApp.app.inject({
      method: 'DELETE',
      url: API_PATHS.fhirClients.byId(clientId),
      headers: authHeaders(admin.access_token),
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(await jobsLeft([done, running, staffs])).toEqual([staffs]);
    expect(existsSync(folderOf(done))).toBe(false);
    expect(existsSync(folderOf(running))).toBe(false);
    expect(existsSync(folderOf(staffs))).toBe(true);
  });
});
