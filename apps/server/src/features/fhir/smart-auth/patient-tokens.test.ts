import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { FHIR_BASE_PATH } from '@recovery-portal/contract/fhir';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { patientScopesAllow, parsePatientScope } from '@recovery-portal/contract/smart-scopes';
import { describe, expect, it } from 'vitest';
import { fhirBackendClients } from '#app/db/schema/fhir-clients';
import { users } from '#app/db/schema/users';
import { authHeaders, TEST_JWT_SECRET, useTestApp } from '#app/test/build-test-app';
import { createParticipant } from '#app/test/factories';
import { insertPatientGrant, revokePatientGrant } from './patient-grants.repository';
import { createPatientTokens } from './patient-tokens';

const testApp = useTestApp();

async function participantApp() {
  const participant = await createParticipant(testApp.db, { firstName: 'Pat' });
  const clientId = randomUUID();
  await testApp.db.insert(fhirBackendClients).values({
    id: clientId,
    kind: 'public',
    name: 'Recovery app',
    publicKey: {},
    scopes: ['patient/*.cruds'],
    approvedAt: new Date(),
  });
  const scopes = ['patient/Observation.cr', 'offline_access'];
  const grantId = await insertPatientGrant(testApp.db, {
    clientId,
    userId: participant.id,
    scopes,
  });
  const tokens = createPatientTokens({ db: testApp.db, secret: TEST_JWT_SECRET });
  const { accessToken } = await tokens.issue({
    patientId: participant.id,
    clientId,
    grantId,
    scopes,
  });
  return { participant, clientId, grantId, tokens, accessToken };
}

function fhirGet(path: string, token: string) {
  return testApp.app.inject({
    method: 'GET',
    url: `${FHIR_BASE_PATH}${path}`,
    headers: { authorization: `Bearer ${token}` },
  });
}

describe("a participant's app token", () => {
  it("names the participant, the app and the consent's scopes while the grant is live", async () => {
    const { participant, clientId, grantId, tokens, accessToken } = await participantApp();
    expect(await tokens.verify(accessToken)).toEqual({
      patientId: participant.id,
      clientId,
      grantId,
      scopes: ['patient/Observation.cr', 'offline_access'],
    });
  });

  it('stops working at once when the grant or the app is revoked', async () => {
    const first = await participantApp();
    expect(await revokePatientGrant(testApp.db, first.grantId)).toBe(true);
    expect(await first.tokens.verify(first.accessToken)).toBeNull();

    const second = await participantApp();
    await testApp.db
      .update(fhirBackendClients)
      .set({ revokedAt: new Date() })
      .where(eq(fhirBackendClients.id, second.clientId));
    expect(await second.tokens.verify(second.accessToken)).toBeNull();
  });

  it('stops working at once when the participant is suspended or deleted', async () => {
    const suspended = await participantApp();
    await testApp.db
      .update(users)
      .set({ status: 'SUSPENDED' })
      .where(eq(users.id, suspended.participant.id));
    expect(await suspended.tokens.verify(suspended.accessToken)).toBeNull();

    const deleted = await participantApp();
    await testApp.db.delete(users).where(eq(users.id, deleted.participant.id));
    expect(await deleted.tokens.verify(deleted.accessToken)).toBeNull();
  });

  it('is refused when tampered with, or signed with the key of another kind of token', async () => {
    const { accessToken, tokens } = await participantApp();
    const [header, payload, signature] = accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    const forged = Buffer.from(JSON.stringify({ ...claims, patient: '1' })).toString('base64url');
    expect(await tokens.verify(`${header}.${forged}.${signature}`)).toBeNull();
    const otherSecret = createPatientTokens({ db: testApp.db, secret: `${TEST_JWT_SECRET}-other` });
    expect(await otherSecret.verify(accessToken)).toBeNull();
    expect(await tokens.verify('not-a-token')).toBeNull();
  });

  it('opens nothing of the staff API', async () => {
    const { accessToken } = await participantApp();
    const response = await testApp.app.inject({
      method: 'GET',
      url: API_PATHS.user.groups,
      headers: authHeaders(accessToken),
    });
    expect(response.statusCode).toBe(401);
  });

  it('is refused type-wide FHIR searches, which are not limited to its own compartment', async () => {
    const { accessToken } = await participantApp();
    const response = await fhirGet('/Patient', accessToken);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ resourceType: 'OperationOutcome' });
    const revoked = await fhirGet('/Patient', 'x.y.z');
    expect(revoked.statusCode).toBe(401);
  });
});

describe('patient scopes (SMART App Launch v2, with the v1 forms)', () => {
  it('read the interactions each spelling grants', () => {
    expect(patientScopesAllow(['patient/Observation.cr'], 'Observation', 'c')).toBe(true);
    expect(patientScopesAllow(['patient/Observation.cr'], 'Observation', 's')).toBe(false);
    expect(patientScopesAllow(['patient/*.cruds'], 'Communication', 'd')).toBe(true);
    expect(patientScopesAllow(['patient/Observation.read'], 'Observation', 's')).toBe(true);
    expect(patientScopesAllow(['patient/Observation.read'], 'Observation', 'c')).toBe(false);
    expect(patientScopesAllow(['patient/Observation.write'], 'Observation', 'c')).toBe(true);
    expect(patientScopesAllow(['patient/Observation.*'], 'Observation', 'r')).toBe(true);
    expect(patientScopesAllow(['system/*.read', 'user/*.cruds'], 'Observation', 'r')).toBe(false);
  });

  it('refuse letters out of order, repeated, unknown types and other forms', () => {
    for (const scope of [
      'patient/Observation.rc',
      'patient/Observation.crr',
      'patient/Observation.x',
      'patient/Observation.',
      'patient/Unknown.read',
      'patient/Observation.read?code=1',
      'user/Observation.read',
    ]) {
      expect(parsePatientScope(scope), scope).toBeNull();
    }
  });
});
