import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ImagingStudy, Patient, Resource } from '@medplum/fhirtypes';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { FHIR_BASE_PATH, FHIR_EXPORT_MESSAGES } from '@recovery-portal/contract/fhir';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fhirExportJobs } from '#app/db/schema/fhir-export';
import { userGroups, users } from '#app/db/schema/users';
import { loginAs, type LoggedInStaff, useTestApp } from '#app/test/build-test-app';
import { createMeasurements, createParticipant, createSurgery } from '#app/test/factories';
import { statementsOf } from '#app/test/statements-of';
import { storeFixtureImages } from '#app/features/fhir/fhir.fixtures';

const testApp = useTestApp();
let clinician: LoggedInStaff;
let otherClinician: LoggedInStaff;
let administrator: LoggedInStaff;
let inGroup: number;
let outOfGroup: number;
let groupId: number;
const base = `http://portal.test${FHIR_BASE_PATH}`;

beforeAll(async () => {
  clinician = await loginAs(testApp, 'CLINICIAN');
  otherClinician = await loginAs(testApp, 'CLINICIAN');
  administrator = await loginAs(testApp, 'ADMINISTRATOR');
  const [group] = await testApp.db
    .insert(userGroups)
    .values({ name: 'Knee class' })
    .returning({ id: userGroups.id });
  groupId = group?.id ?? 0;
  inGroup = (await createParticipant(testApp.db, { firstName: 'Gia' })).id;
  outOfGroup = (await createParticipant(testApp.db, { firstName: 'Oto' })).id;
  await testApp.db.update(users).set({ groupId }).where(eq(users.id, inGroup));
  const at = new Date(Date.now() - 3_600_000);
  await createMeasurements(testApp.db, inGroup, [{ key: 'weight', value: 80, measuredAt: at }]);
  // More than one database batch of rows, so an export pages through them.
  await createMeasurements(
    testApp.db,
    outOfGroup,
    Array.from({ length: 2500 }, (_, i) => ({
      key: 'steps' as const,
      value: i,
      measuredAt: new Date(at.getTime() - i * 60_000),
    })),
  );
  const surgery = await createSurgery(testApp.db, outOfGroup);
  await storeFixtureImages(testApp.db, testApp.config.dataDir, [
    { userId: outOfGroup, surgeryId: surgery.id, dicom: {} },
  ]);
}, 90_000);

function call(method: 'GET' | 'DELETE', url: string, token: string, prefer = true) {
  return testApp.app.inject({
    method,
    url: url.startsWith('http')
      ? url.replace('http://portal.test', '')
      : `${FHIR_BASE_PATH}/${url}`,
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/fhir+json',
      ...(prefer ? { prefer: 'respond-async' } : {}),
    },
  });
}

function diagnostics(response: LightMyRequestResponse): string {
  return response.json<{ issue: { diagnostics: string }[] }>().issue[0]?.diagnostics ?? '';
}

interface Manifest {
  transactionTime: string;
  request: string;
  requiresAccessToken: boolean;
  output: { type: string; url: string; count: number }[];
  error: unknown[];
}

async function kickOff(path: string, token = clinician.access_token): Promise<string> {
  const response = await call('GET', path, token);
  expect(response.statusCode, response.body).toBe(202);
  const location = String(response.headers['content-location']);
  expect(location).toMatch(new RegExp(`^${base}/bulk-status/[0-9a-f-]{36}$`));
  return location;
}

async function manifestOf(location: string, token = clinician.access_token): Promise<Manifest> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const response = await call('GET', location, token);
    if (response.statusCode === 200) {
      expect(response.headers['content-type']).toMatch(/^application\/fhir\+json/);
      return response.json<Manifest>();
    }
    expect(response.statusCode, response.body).toBe(202);
    expect(response.headers['x-progress']).toMatch(/^\d+ resources written$/);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the export never finished');
}

async function ndjson(url: string, token = clinician.access_token): Promise<Resource[]> {
  const response = await call('GET', url, token, false);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/fhir\+ndjson/);
  return response.body
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Resource);
}

describe('$export', () => {
  it('exports the whole system as NDJSON per type, with a manifest that counts each file', async () => {
    const manifest = await manifestOf(await kickOff('$export'));
    expect(manifest.requiresAccessToken).toBe(true);
    expect(manifest.request).toBe(`${base}/$export`);
    const byType = Object.fromEntries(manifest.output.map((o) => [o.type, o]));
    expect(byType.Observation?.count).toBe(2501);
    expect(byType.Patient?.count).toBe(2);
    expect(byType.Practitioner?.count).toBe(2);
    expect(byType.ImagingStudy?.count).toBe(1);
    const observations = await ndjson(byType.Observation?.url ?? '');
    expect(observations).toHaveLength(2501);
    expect(new Set(observations.map((o) => o.id)).size).toBe(2501);
    expect(observations.every((o) => o.resourceType === 'Observation')).toBe(true);
  });

  it('exports a Group: only its participants, only participant types, filtered by _type', async () => {
    const manifest = await manifestOf(
      await kickOff(`Group/${groupId}/$export?_type=Patient,Observation,Procedure,ImagingStudy`),
    );
    const byType = Object.fromEntries(manifest.output.map((o) => [o.type, o]));
    expect(Object.keys(byType).sort()).toEqual(['Observation', 'Patient']);
    const patients = await ndjson(byType.Patient?.url ?? '');
    expect(patients.map((p) => (p as Patient).id)).toEqual([String(inGroup)]);
    expect(byType.Observation?.count).toBe(1);
  });

  it('exports ImagingStudy in the Patient compartment', async () => {
    const manifest = await manifestOf(await kickOff('Patient/$export?_type=ImagingStudy'));
    expect(manifest.output.map((o) => [o.type, o.count])).toEqual([['ImagingStudy', 1]]);
    const [study] = (await ndjson(manifest.output[0]?.url ?? '')) as ImagingStudy[];
    expect(study?.subject?.reference).toBe(`Patient/${outOfGroup}`);
    expect(study?.series?.[0]?.instance).toHaveLength(1);
  });

  it('exports only what changed since _since', async () => {
    const manifest = await manifestOf(
      await kickOff(
        `Patient/$export?_type=Observation&_since=${encodeURIComponent(new Date(Date.now() - 30 * 60_000).toISOString())}`,
      ),
    );
    expect(manifest.output).toEqual([]);
  });

  it('refuses a kick-off without Prefer: respond-async, or with bad parameters', async () => {
    const plain = await call('GET', '$export', clinician.access_token, false);
    expect(plain.statusCode).toBe(400);
    expect(diagnostics(plain)).toBe(FHIR_EXPORT_MESSAGES.preferRequired);
    const cases: [string, number, string][] = [
      ['$export?_type=Medication', 400, FHIR_EXPORT_MESSAGES.unknownType('Medication')],
      [
        'Patient/$export?_type=Practitioner',
        400,
        FHIR_EXPORT_MESSAGES.notInCompartment('Practitioner'),
      ],
      ['$export?_since=yesterday', 400, FHIR_EXPORT_MESSAGES.invalidSince],
      ['$export?_outputFormat=text/csv', 400, FHIR_EXPORT_MESSAGES.outputFormat],
      ['$export?_elements=id', 400, FHIR_EXPORT_MESSAGES.unknownParameter('_elements')],
      ['Group/999999/$export', 404, FHIR_EXPORT_MESSAGES.groupNotFound('999999')],
      ["Group/1'or'1/$export", 404, FHIR_EXPORT_MESSAGES.groupNotFound("1'or'1")],
    ];
    for (const [path, status, message] of cases) {
      const response = await call('GET', path, clinician.access_token);
      expect(response.statusCode, path).toBe(status);
      expect(diagnostics(response)).toBe(message);
    }
  });

  it('keeps each export to its requester and to their role', async () => {
    const location = await kickOff('Patient/$export?_type=Patient');
    const manifest = await manifestOf(location);
    const file = manifest.output[0]?.url ?? '';
    expect((await call('GET', location, otherClinician.access_token)).statusCode).toBe(404);
    expect((await call('GET', file, otherClinician.access_token, false)).statusCode).toBe(404);
    expect((await call('GET', file, '', false)).statusCode).toBe(401);
    const admin = await call('GET', '$export', administrator.access_token);
    expect(admin.statusCode).toBe(403);
    const practitioners = await kickOff('$export?_type=Practitioner', administrator.access_token);
    const adminManifest = await manifestOf(practitioners, administrator.access_token);
    expect(adminManifest.output.map((o) => o.type)).toEqual(['Practitioner']);
  });

  it('cancels with DELETE: the status address then answers 404', async () => {
    const location = await kickOff('$export');
    const cancelled = await call('DELETE', location, clinician.access_token, false);
    expect(cancelled.statusCode).toBe(202);
    const after = await call('GET', location, clinician.access_token);
    expect(after.statusCode).toBe(404);
    expect(diagnostics(after)).toBe(FHIR_EXPORT_MESSAGES.jobNotFound);
    // The runner stops at its next batch, stays cancelled (not failed) and removes its files.
    const id = location.split('/').pop() ?? '';
    const folder = path.join(testApp.config.dataDir, 'fhir-export', id);
    await expect.poll(() => existsSync(folder), { timeout: 20_000 }).toBe(false);
    await expect
      .poll(async () => {
        const [job] = await testApp.db
          .select({ status: fhirExportJobs.status })
          .from(fhirExportJobs)
          .where(eq(fhirExportJobs.id, id));
        return job?.status;
      })
      .toBe('cancelled');
  });

  it('writes its heartbeat once a second, not after every batch of 1,000 resources', async () => {
    // The runner's heartbeat; a status poll's takeover of a stale job also sets "written".
    const heartbeats = (sent: string[]) =>
      sent.filter((text) =>
        /^update "fhir_export_jobs" set "written"(?!.*make_interval)/.test(text),
      ).length;
    // Over 2,500 Observations (three batches) and the other types, within one second.
    vi.spyOn(performance, 'now').mockReturnValue(0);
    const quick = await statementsOf(testApp, async () => manifestOf(await kickOff('$export')));
    expect(heartbeats(quick)).toBe(0);
    vi.restoreAllMocks();
    // A second and more between batches: a heartbeat after each, progress and cancel seen.
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (clock += 1000));
    const slow = await statementsOf(testApp, async () => manifestOf(await kickOff('$export')));
    vi.restoreAllMocks();
    expect(heartbeats(slow)).toBeGreaterThanOrEqual(3);
  });

  it('deletes files once they expire', async () => {
    const location = await kickOff('Patient/$export?_type=Patient');
    const manifest = await manifestOf(location);
    const file = manifest.output[0]?.url ?? '';
    await testApp.db
      .update(fhirExportJobs)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(fhirExportJobs.id, location.split('/').pop() ?? ''));
    expect((await call('GET', file, clinician.access_token, false)).statusCode).toBe(404);
    expect((await call('GET', location, clinician.access_token)).statusCode).toBe(404);
    const [left] = await testApp.db
      .select({ n: sql<number>`count(*)::int` })
      .from(fhirExportJobs)
      .where(eq(fhirExportJobs.id, location.split('/').pop() ?? ''));
    expect(left?.n).toBe(0);
  });
});
