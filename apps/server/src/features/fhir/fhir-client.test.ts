import type { Bundle, CapabilityStatement, Observation, Patient } from '@medplum/fhirtypes';
import { Client } from 'fhir-kit-client';
import { FHIR_BASE_PATH } from '@recovery-portal/contract/fhir';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, type TestApp } from '#app/test/build-test-app';
import { createMeasurements, createParticipant } from '#app/test/factories';
import { freePort } from '#app/test/resilience/server-process';

// A real HTTP server on a free port: the client library speaks HTTP, not inject().
let origin = '';
let testApp: TestApp;
let client: Client;
let token: string;
let patientId: number;

beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  testApp = await buildTestApp({ PUBLIC_URL: origin });
  await testApp.app.listen({ port, host: '127.0.0.1' });
  token = (await loginAs(testApp, 'CLINICIAN')).access_token;
  patientId = (await createParticipant(testApp.db, { firstName: 'Kit' })).id;
  const start = Date.now() - 86_400_000;
  await createMeasurements(
    testApp.db,
    patientId,
    Array.from({ length: 7 }, (_, i) => ({
      key: 'weight' as const,
      value: 80 + i,
      measuredAt: new Date(start + i * 3_600_000),
    })),
  );
  client = new Client({ baseUrl: `${origin}${FHIR_BASE_PATH}`, bearerToken: token });
}, 90_000);

afterAll(async () => {
  await testApp.close();
});

describe('a FHIR client library (fhir-kit-client) against the API', () => {
  it('reads the CapabilityStatement, a Patient, and pages a search through next links', async () => {
    const statement = (await client.capabilityStatement()) as unknown as CapabilityStatement;
    expect(statement.fhirVersion).toBe('4.0.1');
    const patient = (await client.read({
      resourceType: 'Patient',
      id: String(patientId),
    })) as unknown as Patient;
    expect(patient.name?.[0]?.given).toEqual(['Kit']);

    let bundle = (await client.search({
      resourceType: 'Observation',
      searchParams: { patient: String(patientId), code: 'http://loinc.org|29463-7', _count: '3' },
    })) as unknown as Bundle;
    const values: number[] = [];
    let pages = 0;
    for (;;) {
      pages += 1;
      values.push(
        ...(bundle.entry ?? []).map(
          (entry) => (entry.resource as Observation).valueQuantity?.value ?? -1,
        ),
      );
      const next = client.nextPage({ bundle: bundle as never });
      if (!next) break;
      bundle = (await next) as unknown as Bundle;
    }
    expect(pages).toBe(3);
    expect(values.sort()).toEqual([80, 81, 82, 83, 84, 85, 86]);
  });

  it('reports an unknown search parameter as the library sees a 400 OperationOutcome', async () => {
    await expect(
      client.search({ resourceType: 'Patient', searchParams: { nickname: 'x' } }),
    ).rejects.toMatchObject({
      response: { status: 400, data: { resourceType: 'OperationOutcome' } },
    });
  });

  it('runs a Patient $export: kick-off, polling, manifest, NDJSON download', async () => {
    const kickOff = await client.request('Patient/$export?_type=Observation', {
      options: { headers: { prefer: 'respond-async' } },
    });
    const { response } = Client.httpFor(kickOff);
    expect(response?.status).toBe(202);
    const location = response?.headers.get('content-location') ?? '';
    expect(location.startsWith(`${origin}${FHIR_BASE_PATH}/bulk-status/`)).toBe(true);

    let manifest: { output: { type: string; url: string; count: number }[] } | undefined;
    for (let attempt = 0; attempt < 200 && !manifest; attempt += 1) {
      const polled = await client.request(location);
      if (Client.httpFor(polled).response?.status === 200) {
        manifest = polled as unknown as typeof manifest;
      } else {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    }
    expect(manifest?.output.map((o) => [o.type, o.count])).toEqual([['Observation', 7]]);
    const file = await fetch(manifest?.output[0]?.url ?? '', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(file.headers.get('content-type')).toMatch(/^application\/fhir\+ndjson/);
    const lines = (await file.text()).trim().split('\n');
    expect(lines.map((line) => (JSON.parse(line) as Observation).subject?.reference)).toEqual(
      Array.from({ length: 7 }, () => `Patient/${patientId}`),
    );
  });
});
