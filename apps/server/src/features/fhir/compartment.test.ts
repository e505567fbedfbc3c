import type { Bundle, Resource } from '@medplum/fhirtypes';
import { eq } from 'drizzle-orm';
import { FHIR_MESSAGES } from '@recovery-portal/contract/fhir';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#app/db/schema/users';
import { buildTestApp, loginAs, type TestApp } from '#app/test/build-test-app';
import { seedFhirDemo } from './fhir.fixtures';
import {
  getFhir,
  participantApp,
  postFhir,
  quantityObservation,
  refusal,
  type TestPatientApp,
} from '#app/features/fhir/writes/fhir-writes.fixtures';

/** The types about one participant, which a participant's app reads only for itself. */
const COMPARTMENT_TYPES = [
  'Observation',
  'QuestionnaireResponse',
  'Communication',
  'Procedure',
  'Flag',
  'ImagingStudy',
] as const;

let testApp: TestApp;
let clinicianToken: string;
let app: TestPatientApp;
/** Another participant, with data of every type (flags and images included). */
let otherId: number;
/** One resource id of each type about the other participant. */
const othersIds = new Map<string, string[]>();

function bundleOf(response: { statusCode: number; body: string; json: <T>() => T }): Resource[] {
  expect(response.statusCode, response.body).toBe(200);
  return (response.json<Bundle>().entry ?? []).map((entry) => entry.resource as Resource);
}

/** The participant a resource is about, by its subject (Patient: itself). */
function aboutWhom(resource: Resource): string | undefined {
  if (resource.resourceType === 'Patient') return `Patient/${resource.id ?? ''}`;
  return (resource as { subject?: { reference?: string } }).subject?.reference;
}

beforeAll(async () => {
  testApp = await buildTestApp();
  const ids = await seedFhirDemo(testApp.db, testApp.config.dataDir, 3);
  const [first, second] = ids;
  if (first === undefined || second === undefined) throw new Error('demo seeded too few');
  otherId = first;
  await testApp.db.update(users).set({ status: 'ACTIVATED' }).where(eq(users.id, second));
  app = await participantApp(testApp, ['patient/*.rs', 'patient/Observation.c'], { id: second });
  clinicianToken = (await loginAs(testApp, 'CLINICIAN')).access_token;
  for (const type of COMPARTMENT_TYPES) {
    const theirs = bundleOf(await getFhir(testApp, `/${type}?patient=${otherId}`, clinicianToken));
    othersIds.set(
      type,
      theirs.map((resource) => resource.id ?? ''),
    );
  }
}, 180_000);

afterAll(async () => {
  await testApp.close();
});

describe("a participant's app reads its own compartment and nothing else", () => {
  it('reads its own Patient, and no other participant by any parameter', async () => {
    const own = await getFhir(testApp, `/Patient/${app.participant.id}`, app.token);
    expect(own.statusCode).toBe(200);
    expect(refusal(await getFhir(testApp, `/Patient/${otherId}`, app.token), 404).diagnostics).toBe(
      FHIR_MESSAGES.notFound('Patient', String(otherId)),
    );
    const everyone = bundleOf(await getFhir(testApp, '/Patient', app.token));
    expect(everyone.map((p) => p.id)).toEqual([String(app.participant.id)]);
    expect(bundleOf(await getFhir(testApp, `/Patient?_id=${otherId}`, app.token))).toEqual([]);
    const count = await getFhir(testApp, '/Patient?_summary=count', app.token);
    expect(count.json<Bundle>().total).toBe(1);
  });

  it('sees only its own resources of every type, whatever patient, subject or _id it names', async () => {
    const response = await postFhir(
      testApp,
      '/Observation',
      app.token,
      quantityObservation(app.participant.id, '55423-8', 4200, '{steps}'),
    );
    expect(response.statusCode, response.body).toBe(201);
    const own = `Patient/${app.participant.id}`;
    expect(bundleOf(await getFhir(testApp, '/Observation', app.token)).length).toBeGreaterThan(0);
    for (const type of COMPARTMENT_TYPES) {
      const theirIds = othersIds.get(type) ?? [];
      expect(theirIds.length, `${type} of the other participant`).toBeGreaterThan(0);
      for (const query of [
        '',
        `?patient=${otherId}`,
        `?subject=Patient/${otherId}`,
        `?patient=${otherId},${app.participant.id}`,
        `?_id=${theirIds.join(',')}`,
        `?_count=500`,
      ]) {
        const found = bundleOf(await getFhir(testApp, `/${type}${query}`, app.token));
        for (const resource of found) expect(aboutWhom(resource), `${type}${query}`).toBe(own);
        expect(found.some((resource) => theirIds.includes(resource.id ?? ''))).toBe(false);
      }
      const counted = await getFhir(
        testApp,
        `/${type}?patient=${otherId}&_summary=count`,
        app.token,
      );
      expect(counted.json<Bundle>().total, type).toBe(0);
      for (const id of theirIds.slice(0, 3)) {
        refusal(await getFhir(testApp, `/${type}/${id}`, app.token), 404);
      }
    }
  });

  it('refuses chained searches and includes rather than follow them', async () => {
    for (const query of [
      `/Observation?patient.name=x`,
      `/Observation?subject:Patient=${otherId}`,
      `/Observation?_include=Observation:patient`,
      `/Flag?_revinclude=Observation:subject`,
      `/Communication?recipient=Patient/${otherId}`,
    ]) {
      refusal(await getFhir(testApp, query, app.token), 400);
    }
  });

  it('reads the questionnaires it answers, not the clinic staff, and runs no bulk export', async () => {
    expect(bundleOf(await getFhir(testApp, '/Questionnaire', app.token)).length).toBeGreaterThan(0);
    refusal(await getFhir(testApp, '/Practitioner', app.token), 403);
    for (const path of ['/$export', '/Patient/$export', '/Group/1/$export']) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/fhir/R4${path}`,
        headers: { authorization: `Bearer ${app.token}`, prefer: 'respond-async' },
      });
      expect(refusal(response, 403).diagnostics, path).toBe(FHIR_MESSAGES.exportForbidden);
    }
  });

  it('reads only the types its scopes name', async () => {
    const narrow = await participantApp(testApp, ['patient/Observation.r'], app.participant);
    refusal(await getFhir(testApp, '/Flag', narrow.token), 403);
    // .r reads by id but does not search.
    refusal(await getFhir(testApp, '/Observation', narrow.token), 403);
    const [mine] = bundleOf(await getFhir(testApp, '/Observation', app.token));
    const read = await getFhir(testApp, `/Observation/${mine?.id ?? ''}`, narrow.token);
    expect(read.statusCode).toBe(200);
  });
});
