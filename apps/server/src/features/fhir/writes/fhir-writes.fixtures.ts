import { randomUUID } from 'node:crypto';
import type { OperationOutcome, Resource } from '@medplum/fhirtypes';
import type { LightMyRequestResponse } from 'fastify';
import { FHIR_BASE_PATH } from '@recovery-portal/contract/fhir';
import { expect } from 'vitest';
import { fhirBackendClients } from '#app/db/schema/fhir-clients';
import { TEST_JWT_SECRET, type TestApp } from '#app/test/build-test-app';
import { createParticipant } from '#app/test/factories';
import { insertPatientGrant } from '#app/features/fhir/smart-auth/patient-grants.repository';
import { createPatientTokens } from '#app/features/fhir/smart-auth/patient-tokens';

/** The FHIR base as a test app (PUBLIC_URL http://portal.test) names it. */
export const TEST_FHIR_BASE = `http://portal.test${FHIR_BASE_PATH}`;

export interface TestPatientApp {
  participant: { id: number };
  token: string;
}

/**
 * A participant, a public app client and the participant's consent to it, and an access token
 * as the app would hold after its launch (the sign-in and consent screens are not needed here).
 */
export async function participantApp(
  testApp: TestApp,
  scopes: string[] = ['patient/*.cruds'],
  participant?: { id: number },
): Promise<TestPatientApp> {
  const user = participant ?? (await createParticipant(testApp.db, { firstName: 'Pat' }));
  const clientId = randomUUID();
  await testApp.db.insert(fhirBackendClients).values({
    id: clientId,
    kind: 'public',
    name: 'Recovery app',
    publicKey: {},
    scopes: ['patient/*.cruds'],
    approvedAt: new Date(),
  });
  const grantId = await insertPatientGrant(testApp.db, { clientId, userId: user.id, scopes });
  const { accessToken } = await createPatientTokens({
    db: testApp.db,
    secret: TEST_JWT_SECRET,
  }).issue({ patientId: user.id, clientId, grantId, scopes });
  return { participant: user, token: accessToken };
}

/** POST a FHIR body (application/fhir+json) under the FHIR base. */
export function postFhir(
  testApp: TestApp,
  path: string,
  token: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return testApp.app.inject({
    method: 'POST',
    url: `${FHIR_BASE_PATH}${path}`,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/fhir+json',
      ...headers,
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export function getFhir(testApp: TestApp, path: string, token: string) {
  return testApp.app.inject({
    method: 'GET',
    url: `${FHIR_BASE_PATH}${path}`,
    headers: { authorization: `Bearer ${token}` },
  });
}

/** The refusal's status and its one issue, which names the element at fault. */
export function refusal(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  const outcome = response.json<OperationOutcome>();
  expect(outcome.resourceType).toBe('OperationOutcome');
  const [issue] = outcome.issue;
  return { diagnostics: issue?.diagnostics ?? '', expression: issue?.expression?.[0] ?? '' };
}

export function created<T extends Resource>(response: LightMyRequestResponse): T {
  expect(response.statusCode, response.body).toBe(201);
  return response.json<T>();
}

/** An hour before the pinned test clock, as the app would stamp a reading. */
export const anHourAgo = () => new Date(Date.now() - 3_600_000).toISOString();

/** A single-value Observation of the patient, LOINC coded, with a UCUM quantity. */
export function quantityObservation(
  patientId: number,
  code: string,
  value: number,
  unit: string,
  extra: Record<string, unknown> = {},
) {
  return {
    resourceType: 'Observation',
    status: 'final',
    code: { coding: [{ system: 'http://loinc.org', code }] },
    subject: { reference: `Patient/${patientId}` },
    effectiveDateTime: anHourAgo(),
    valueQuantity: { value, unit, system: 'http://unitsofmeasure.org', code: unit },
    ...extra,
  };
}
