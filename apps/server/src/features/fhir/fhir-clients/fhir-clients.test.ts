import { and, eq, sql } from 'drizzle-orm';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { FHIR_BASE_PATH } from '@recovery-portal/contract/fhir';
import {
  FHIR_CLIENT_APPROVED_MAIL,
  FHIR_CLIENT_MESSAGES,
  fhirClientListSchema,
  fhirClientMutationSchema,
} from '@recovery-portal/contract/fhir-clients';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { auditLog } from '#app/db/schema/audit';
import { users } from '#app/db/schema/users';
import {
  authHeaders,
  failure,
  loginAs,
  postJson,
  successData,
  useTestApp,
  type LoggedInStaff,
} from '#app/test/build-test-app';
import { createParticipant } from '#app/test/factories';
import { auditedReadsOf } from '#app/test/audit-rows';
import { statementsOf } from '#app/test/statements-of';
import {
  approveSystemClient,
  registerSystemClient,
  requestSystemToken,
} from './fhir-clients.fixtures';

const testApp = useTestApp();
let first: LoggedInStaff;
let second: LoggedInStaff;

beforeEach(async () => {
  await testApp.reset();
  first = await loginAs(testApp, 'ADMINISTRATOR');
  second = await loginAs(testApp, 'ADMINISTRATOR');
  await createParticipant(testApp.db, { firstName: 'Sys' });
}, 60_000);

function list(admin: LoggedInStaff) {
  return testApp.app
    .inject({
      method: 'GET',
      url: API_PATHS.fhirClients.list,
      headers: authHeaders(admin.access_token),
    })
    .then((response) => successData(response, fhirClientListSchema));
}

function fhirGet(path: string, token: string) {
  return testApp.app.inject({
    method: 'GET',
    url: `${FHIR_BASE_PATH}/${path}`,
    headers: { authorization: `Bearer ${token}` },
  });
}

function auditRows(action: string, clientId: string) {
  return testApp.db
    .select({
      actorId: auditLog.actorId,
      actorEmail: auditLog.actorEmail,
      details: auditLog.details,
    })
    .from(auditLog)
    .where(
      and(eq(auditLog.action, action), sql`${auditLog.details} ->> 'client_id' = ${clientId}`),
    );
}

describe('registering and approving FHIR system clients', () => {
  it("an administrator's client that reaches patient data gets no token until a second administrator approves it", async () => {
    const registered = await registerSystemClient(testApp, first, ['system/*.rs']);
    const id = registered.client.client_id;
    expect(registered.client).toMatchObject({
      status: 'pending',
      scopes: ['system/*.rs'],
      reaches_patient_data: true,
      created_by: first.email,
      approved_at: null,
    });

    const refused = await requestSystemToken(testApp, registered, 'system/Patient.rs');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'unauthorized_client' });

    const own = await approveSystemClient(testApp, first, id);
    expect(failure(own, 403, 'FORBIDDEN').error.message).toBe(FHIR_CLIENT_MESSAGES.ownApproval);
    expect(testApp.sentMail).toEqual([]);

    const approved = await approveSystemClient(testApp, second, id);
    const result = successData(approved, fhirClientMutationSchema);
    expect(result.message).toBe(FHIR_CLIENT_MESSAGES.approved);
    expect(result.client).toMatchObject({ status: 'active', approved_by: second.email });

    const again = await approveSystemClient(testApp, second, id);
    expect(failure(again, 409, 'CONFLICT').error.message).toBe(FHIR_CLIENT_MESSAGES.notPending);

    const issued = await requestSystemToken(testApp, registered, 'system/Patient.rs');
    expect(issued.statusCode, issued.body).toBe(200);
    const { access_token: token } = issued.json<{ access_token: string }>();
    expect((await fhirGet('Patient', token)).statusCode).toBe(200);
  });

  it('tells every active administrator by mail when a client is approved', async () => {
    const registered = await registerSystemClient(testApp, first, ['system/Observation.read']);
    expect(
      successData(
        await approveSystemClient(testApp, second, registered.client.client_id),
        fhirClientMutationSchema,
      ).client.status,
    ).toBe('active');
    expect(testApp.sentMail.map((mail) => mail.to).sort()).toEqual(
      [first.email, second.email].sort(),
    );
    for (const mail of testApp.sentMail) {
      expect(mail.subject).toBe(FHIR_CLIENT_APPROVED_MAIL.subject);
      expect(mail.text).toContain('"Registry feed"');
      expect(mail.text).toContain(`Registered by: ${first.email}`);
      expect(mail.text).toContain(`Approved by: ${second.email}`);
    }
  });

  it('audits registration, approval, tokens, reads and revocation in the names of the people involved', async () => {
    const registered = await registerSystemClient(testApp, first, ['system/Patient.rs']);
    const id = registered.client.client_id;
    await approveSystemClient(testApp, second, id);
    const { access_token: token } = (
      await requestSystemToken(testApp, registered, 'system/Patient.rs')
    ).json<{ access_token: string }>();
    expect((await fhirGet('Patient', token)).statusCode).toBe(200);
    const revoked = await testApp.app.inject({
      method: 'DELETE',
      url: API_PATHS.fhirClients.byId(id),
      headers: authHeaders(second.access_token),
    });
    expect(revoked.statusCode).toBe(200);

    const people = { registered_by: first.user.id, approved_by: second.user.id };
    expect(await auditRows(AUDIT_ACTIONS.fhirClientRegister, id)).toEqual([
      expect.objectContaining({
        actorId: first.user.id,
        details: expect.objectContaining({ scopes: ['system/Patient.rs'], status: 'pending' }),
      }),
    ]);
    expect(await auditRows(AUDIT_ACTIONS.fhirClientApprove, id)).toEqual([
      expect.objectContaining({
        actorId: second.user.id,
        details: expect.objectContaining(people),
      }),
    ]);
    expect(await auditRows(AUDIT_ACTIONS.fhirTokenIssued, id)).toEqual([
      expect.objectContaining({
        actorEmail: `fhir-client:${id}`,
        details: expect.objectContaining({ ...people, client_name: 'Registry feed' }),
      }),
    ]);
    expect(await auditRows(AUDIT_ACTIONS.fhirSearch, id)).toEqual([
      expect.objectContaining({
        actorEmail: `fhir-client:${id}`,
        details: expect.objectContaining({ ...people, resource_type: 'Patient' }),
      }),
    ]);
    expect(await auditRows(AUDIT_ACTIONS.fhirClientRevoke, id)).toEqual([
      expect.objectContaining({
        actorId: second.user.id,
        details: expect.objectContaining(people),
      }),
    ]);
  });

  it('makes a client that reaches only non-patient data active at once, and holds it to that', async () => {
    const registered = await registerSystemClient(testApp, first, ['system/Practitioner.rs']);
    expect(registered.client).toMatchObject({
      status: 'active',
      reaches_patient_data: false,
      approved_by: null,
    });
    const issued = await requestSystemToken(testApp, registered, 'system/Practitioner.rs');
    const { access_token: token } = issued.json<{ access_token: string }>();
    expect((await fhirGet('Practitioner', token)).statusCode).toBe(200);
    expect((await fhirGet('Patient', token)).statusCode).toBe(403);
    const everything = await requestSystemToken(testApp, registered, 'system/*.read');
    expect(everything.json()).toMatchObject({ scope: 'system/Practitioner.rs' });
    expect(testApp.sentMail).toEqual([]);
  });

  it('never gives a token more than the registered scopes', async () => {
    const registered = await registerSystemClient(testApp, first, [
      'system/Patient.rs',
      'system/Observation.read',
    ]);
    await approveSystemClient(testApp, second, registered.client.client_id);
    const wildcard = await requestSystemToken(testApp, registered, 'system/*.read');
    expect(wildcard.json()).toMatchObject({ scope: 'system/Patient.rs system/Observation.read' });
    const { access_token: token } = wildcard.json<{ access_token: string }>();
    expect((await fhirGet('Flag', token)).statusCode).toBe(403);
    expect((await fhirGet('Observation', token)).statusCode).toBe(200);

    const some = await requestSystemToken(
      testApp,
      registered,
      'system/Patient.read system/Flag.rs',
    );
    expect(some.json()).toMatchObject({ scope: 'system/Patient.read' });

    for (const scope of ['system/Flag.rs', 'system/Communication.read system/Flag.read', '']) {
      const outside = await requestSystemToken(testApp, registered, scope);
      expect(outside.statusCode).toBe(400);
      expect(outside.json()).toMatchObject({ error: 'invalid_scope' });
    }
  });

  it('lets no one approve where the clinic has only one active administrator, and says why', async () => {
    const registered = await registerSystemClient(testApp, first, ['system/*.read']);
    await testApp.db.update(users).set({ status: 'SUSPENDED' }).where(eq(users.id, first.user.id));
    const only = await approveSystemClient(testApp, second, registered.client.client_id);
    expect(failure(only, 409, 'CONFLICT').error.message).toBe(
      FHIR_CLIENT_MESSAGES.singleAdministrator,
    );
    const seen = await list(second);
    expect(seen.active_administrators).toBe(1);
    expect(seen.clients.map((client) => client.status)).toEqual(['pending']);
    expect(testApp.sentMail).toEqual([]);
  });

  it('refuses to approve an unknown, malformed or revoked client', async () => {
    failure(
      await approveSystemClient(testApp, second, '6f1c2a52-3c1e-4c55-9f47-4f1a2b3c4d5e'),
      404,
      'NOT_FOUND',
    );
    expect(
      failure(await approveSystemClient(testApp, second, 'not-an-id'), 400, 'VALIDATION_ERROR')
        .error.fields,
    ).toEqual([{ field: 'id', message: FHIR_CLIENT_MESSAGES.idInvalid }]);
    const registered = await registerSystemClient(testApp, first, ['system/*.read']);
    const id = registered.client.client_id;
    await testApp.app.inject({
      method: 'DELETE',
      url: API_PATHS.fhirClients.byId(id),
      headers: authHeaders(first.access_token),
    });
    failure(await approveSystemClient(testApp, second, id), 404, 'NOT_FOUND');
    expect((await list(first)).clients.map((client) => client.status)).toEqual(['revoked']);
    expect((await requestSystemToken(testApp, registered, 'system/*.read')).statusCode).toBe(401);
  });

  it('refuses every FHIR client call to a clinician', async () => {
    const clinician = await loginAs(testApp, 'CLINICIAN');
    const registered = await registerSystemClient(testApp, first, ['system/*.read']);
    const id = registered.client.client_id;
    const headers = authHeaders(clinician.access_token);
    failure(
      await testApp.app.inject({ method: 'GET', url: API_PATHS.fhirClients.list, headers }),
      403,
      'FORBIDDEN',
    );
    failure(
      await postJson(
        testApp.app,
        API_PATHS.fhirClients.list,
        { name: 'X', public_key_jwk: '{}', scopes: ['system/*.read'] },
        { headers },
      ),
      403,
      'FORBIDDEN',
    );
    failure(await approveSystemClient(testApp, clinician, id), 403, 'FORBIDDEN');
    failure(
      await testApp.app.inject({
        method: 'DELETE',
        url: API_PATHS.fhirClients.byId(id),
        headers,
      }),
      403,
      'FORBIDDEN',
    );
    expect((await list(first)).clients.map((client) => client.status)).toEqual(['pending']);
  });

  it('refuses scopes outside the SMART system read grammar with a sentence', async () => {
    const register = (scopes: unknown) =>
      postJson(
        testApp.app,
        API_PATHS.fhirClients.list,
        { name: 'X', public_key_jwk: '{"kty":"EC"}', scopes },
        { headers: authHeaders(first.access_token) },
      );
    const cases: [unknown, string][] = [
      [undefined, FHIR_CLIENT_MESSAGES.scopesRequired],
      [[], FHIR_CLIENT_MESSAGES.scopesRequired],
      ['system/*.read', FHIR_CLIENT_MESSAGES.scopesRequired],
      [['system/Patient.write'], FHIR_CLIENT_MESSAGES.scopeInvalid],
      [['system/Patient.cruds'], FHIR_CLIENT_MESSAGES.scopeInvalid],
      [['user/*.read'], FHIR_CLIENT_MESSAGES.scopeInvalid],
      [['patient/Patient.rs'], FHIR_CLIENT_MESSAGES.scopeInvalid],
      [['system/Medication.rs'], FHIR_CLIENT_MESSAGES.scopeInvalid],
      [['system/Observation.rs?category=vital-signs'], FHIR_CLIENT_MESSAGES.scopeInvalid],
      [[' system/*.rs'], FHIR_CLIENT_MESSAGES.scopeInvalid],
      [[42], FHIR_CLIENT_MESSAGES.scopeInvalid],
      [['x'.repeat(100_000)], FHIR_CLIENT_MESSAGES.scopeInvalid],
      [Array.from({ length: 30 }, () => 'system/*.rs'), FHIR_CLIENT_MESSAGES.scopesTooMany],
    ];
    for (const [scopes, message] of cases) {
      const { error } = failure(await register(scopes), 400, 'VALIDATION_ERROR');
      expect(error.message, String(JSON.stringify(scopes)).slice(0, 80)).toContain(message);
      expect(error.fields?.[0]?.field).toMatch(/^scopes/);
    }
    expect((await list(first)).clients).toEqual([]);
  });
});

describe('the FHIR clients list: two round trips', () => {
  const getList = (admin: LoggedInStaff) =>
    testApp.app.inject({
      method: 'GET',
      url: API_PATHS.fhirClients.list,
      headers: authHeaders(admin.access_token),
    });

  it('sends the session check, then one statement that reads the clients and writes the audit row', async () => {
    const feed = await registerSystemClient(testApp, first, ['system/*.rs'], 'Registry feed');
    expect((await approveSystemClient(testApp, second, feed.client.client_id)).statusCode).toBe(
      200,
    );
    const pending = await registerSystemClient(testApp, second, ['system/*.rs'], 'Lab feed');
    let response = await getList(first);
    const sent = await statementsOf(testApp, async () => {
      response = await getList(first);
    });
    vi.restoreAllMocks();
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatch(/insert into "audit_log"/);
    const seen = successData(response, fhirClientListSchema);
    expect(seen.active_administrators).toBe(2);
    expect(
      seen.clients.map(({ client_id, status, created_by, approved_by }) => ({
        client_id,
        status,
        created_by,
        approved_by,
      })),
    ).toEqual([
      {
        client_id: feed.client.client_id,
        status: 'active',
        created_by: first.email,
        approved_by: second.email,
      },
      {
        client_id: pending.client.client_id,
        status: 'pending',
        created_by: second.email,
        approved_by: null,
      },
    ]);
    expect(await auditedReadsOf(testApp.db, response)).toEqual([
      { action: AUDIT_ACTIONS.fhirClientList, subjectType: null, subjectId: null, details: null },
    ]);
  });

  it('with no client registered: an empty list, the administrators counted, the read audited', async () => {
    const response = await getList(first);
    expect(successData(response, fhirClientListSchema)).toEqual({
      clients: [],
      active_administrators: 2,
    });
    expect(await auditedReadsOf(testApp.db, response)).toEqual([
      { action: AUDIT_ACTIONS.fhirClientList, subjectType: null, subjectId: null, details: null },
    ]);
  });
});
