import type { Bundle, Observation, Resource } from '@medplum/fhirtypes';
import { and, eq } from 'drizzle-orm';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { FHIR_BASE_PATH, FHIR_MESSAGES } from '@recovery-portal/contract/fhir';
import { FHIR_WRITE_LIMITS } from '@recovery-portal/contract/fhir-writes';
import { participantFlagListSchema } from '@recovery-portal/contract/flags';
import { painLogListSchema } from '@recovery-portal/contract/pain';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { participantProfileSchema } from '@recovery-portal/contract/profile';
import { isNewReading, telemetrySchema } from '@recovery-portal/contract/telemetry';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '#app/db/schema/audit';
import { measurements } from '#app/db/schema/measurements';
import { painLogs } from '#app/db/schema/pain';
import { loginAs, successData, type LoggedInStaff, useTestApp } from '#app/test/build-test-app';
import { callApi } from '#app/test/participant-fixtures';
import {
  anHourAgo,
  created,
  getFhir,
  participantApp,
  postFhir,
  quantityObservation,
  refusal,
  TEST_FHIR_BASE,
  type TestPatientApp,
} from './fhir-writes.fixtures';

const testApp = useTestApp();
let clinician: LoggedInStaff;
let app: TestPatientApp;

beforeEach(async () => {
  await testApp.reset();
  clinician = await loginAs(testApp, 'CLINICIAN');
  app = await participantApp(testApp);
});

const post = (body: unknown, headers?: Record<string, string>) =>
  postFhir(testApp, '/Observation', app.token, body, headers);
const obs = (code: string, value: number, unit: string, extra?: Record<string, unknown>) =>
  quantityObservation(app.participant.id, code, value, unit, extra);

async function telemetry() {
  const response = await callApi(
    testApp,
    'GET',
    `${API_PATHS.user.telemetry}?user_id=${app.participant.id}`,
    clinician.access_token,
  );
  return successData(response, telemetrySchema);
}

/** Runs a clinician's bulk export to the end; the resources of every file it wrote. */
async function bulkExport(query: string): Promise<Resource[]> {
  const call = (url: string, prefer = true) =>
    testApp.app.inject({
      method: 'GET',
      url: url.replace(TEST_FHIR_BASE, FHIR_BASE_PATH),
      headers: {
        authorization: `Bearer ${clinician.access_token}`,
        ...(prefer ? { prefer: 'respond-async' } : {}),
      },
    });
  const kickOff = await call(`${TEST_FHIR_BASE}/${query}`);
  expect(kickOff.statusCode, kickOff.body).toBe(202);
  const status = String(kickOff.headers['content-location']);
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const progress = await call(status);
    if (progress.statusCode === 200) {
      const files = progress.json<{ output: { url: string }[] }>().output;
      const bodies = await Promise.all(
        files.map(async (file) => (await call(file.url, false)).body),
      );
      return bodies
        .flatMap((body) => body.split('\n'))
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as Resource);
    }
    expect(progress.statusCode, progress.body).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the export never finished');
}

const painSite = {
  bodySite: { coding: [{ system: 'http://snomed.info/sct', code: '6757004' }] },
};

describe('the app creates each kind of Observation the read side serves', () => {
  it.each([
    ['steps', '55423-8', 8421, '{steps}'],
    ['active minutes', '55411-3', 42, 'min'],
    ['distance', '55430-3', 5.2, 'km'],
    ['calories', '41981-2', 2140, 'kcal'],
    ['body weight', '29463-7', 81.4, 'kg'],
    ['height', '8302-2', 172, 'cm'],
    ['heart rate', '8867-4', 64, '/min'],
    ['SpO2', '59408-5', 97, '%'],
    ['sleep duration', '93832-4', 431, 'min'],
  ])(
    '%s: 201 with Location, readable back by the app and a clinician',
    async (_, code, value, unit) => {
      const response = await post(obs(code, value, unit));
      const observation = created<Observation>(response);
      expect(response.headers.location).toBe(
        `http://portal.test/fhir/R4/Observation/${observation.id}`,
      );
      expect(observation).toMatchObject({
        resourceType: 'Observation',
        status: 'final',
        code: { coding: [{ system: 'http://loinc.org', code }] },
        subject: { reference: `Patient/${app.participant.id}` },
        valueQuantity: { value, unit, system: 'http://unitsofmeasure.org', code: unit },
      });
      const mine = await getFhir(testApp, `/Observation/${observation.id ?? ''}`, app.token);
      expect(mine.json<Observation>()).toEqual(observation);
      const asClinician = await getFhir(
        testApp,
        `/Observation?patient=${app.participant.id}&code=${code}`,
        clinician.access_token,
      );
      expect(asClinician.json<Bundle>().entry?.map((e) => e.resource?.id)).toEqual([
        observation.id,
      ]);
    },
  );

  it('shows on the telemetry tiles the clinician opens next, with the New tag', async () => {
    for (const body of [
      obs('55423-8', 9000, '{steps}'),
      obs('55411-3', 1.5, 'h'),
      obs('55430-3', 3100, 'm'),
      obs('41981-2', 1900, 'kcal'),
      obs('29463-7', 180, '[lb_av]'),
      obs('93832-4', 7, 'h'),
    ]) {
      created(await post(body));
    }
    const data = await telemetry();
    expect(data.activity).toMatchObject({
      steps: 9000,
      activity_mins: 90,
      distance: 3.1,
      calorie_out: 1900,
    });
    // 180 lb in kilograms, as the portal stores weight.
    expect(data.bodyMeasurement.weight).toBeCloseTo(81.65, 2);
    expect(data.sleep.sleep).toBe(420);
    expect(isNewReading(data.activity.steps_date, data.current_run_date)).toBe(true);
    expect(data.bodyWeight.plot_value.at(-1)?.value).toBeCloseTo(81.65, 2);
  });

  it('stores a blood-pressure panel as its two components, shown on the home blood-pressure tile', async () => {
    const panel = {
      resourceType: 'Observation',
      status: 'final',
      code: { coding: [{ system: 'http://loinc.org', code: '85354-9' }] },
      subject: { reference: `Patient/${app.participant.id}` },
      effectiveDateTime: anHourAgo(),
      component: [
        {
          code: { coding: [{ system: 'http://loinc.org', code: '8480-6' }] },
          valueQuantity: {
            value: 128,
            unit: 'mmHg',
            system: 'http://unitsofmeasure.org',
            code: 'mm[Hg]',
          },
        },
        {
          code: { coding: [{ system: 'http://loinc.org', code: '8462-4' }] },
          valueQuantity: {
            value: 82,
            unit: 'mmHg',
            system: 'http://unitsofmeasure.org',
            code: 'mm[Hg]',
          },
        },
      ],
    };
    const observation = created<Observation>(await post(panel));
    expect(observation.id).toMatch(/^bp-\d+$/);
    expect(observation.component?.map((c) => c.valueQuantity?.value)).toEqual([128, 82]);
    const data = await telemetry();
    expect(data.labs.blood_pressure.systolic.HOME?.value).toBe(128);
    expect(data.labs.blood_pressure.diastolic.HOME?.value).toBe(82);
  });

  it('raises a threshold flag at once for a reading over its limit', async () => {
    const high = {
      ...obs('85354-9', 0, 'mm[Hg]', { valueQuantity: undefined }),
      component: [
        ['8480-6', 184],
        ['8462-4', 101],
      ].map(([code, value]) => ({
        code: { coding: [{ system: 'http://loinc.org', code }] },
        valueQuantity: { value, system: 'http://unitsofmeasure.org', code: 'mm[Hg]' },
      })),
    };
    created(await post(high));
    const flags = await callApi(
      testApp,
      'GET',
      `${API_PATHS.flags.participant}?user_id=${app.participant.id}`,
      clinician.access_token,
    );
    expect(successData(flags, participantFlagListSchema)).toEqual(
      expect.arrayContaining([expect.objectContaining({ source: 'THRESHOLD', status: 'OPEN' })]),
    );
  });

  it('stores mood and pain (with its body site) where the portal shows them', async () => {
    created(
      await post(
        obs('rp-mood', 4, '{score}', {
          code: {
            coding: [
              { system: 'http://portal.test/fhir/R4/CodeSystem/measurement', code: 'rp-mood' },
            ],
          },
        }),
      ),
    );
    created(await post(obs('72514-3', 6, '{score}', painSite)));
    const data = await telemetry();
    expect(data.mood.value).toBe(4);
    expect(data.pain.score).toBe(6);
    const pain = await callApi(testApp, 'POST', API_PATHS.pain.lastN, clinician.access_token, {
      user_id: app.participant.id,
      n: 5,
    });
    expect(successData(pain, painLogListSchema)).toMatchObject([
      { score: 6, body_site: 'RIGHT_KNEE', source: 'PARTICIPANT' },
    ]);
  });

  it('counts as app activity: the participant was last seen now', async () => {
    const before = Date.now();
    created(await post(obs('55423-8', 100, '{steps}')));
    created(await post(obs('55423-8', 200, '{steps}')));
    const profile = await callApi(
      testApp,
      'GET',
      API_PATHS.user.profile(app.participant.id),
      clinician.access_token,
    );
    const data = successData(profile, participantProfileSchema);
    expect(Date.parse(data.last_app_open ?? '')).toBeGreaterThanOrEqual(before);
    expect(Date.parse(data.last_app_open ?? '')).toBeLessThanOrEqual(Date.now());
    // Two uploads within minutes are one app session.
    expect(data.active_session_count).toBe(1);
  });

  it('is audited as the participant, naming the app', async () => {
    const observation = created<Observation>(await post(obs('55423-8', 100, '{steps}')));
    const [row] = await testApp.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, AUDIT_ACTIONS.fhirCreate),
          eq(auditLog.actorId, app.participant.id),
        ),
      );
    expect(row).toMatchObject({
      subjectType: 'participant',
      subjectId: app.participant.id,
      details: expect.objectContaining({
        resource_type: 'Observation',
        resource_id: observation.id,
      }),
    });
  });

  it("is seen by _lastUpdated and a bulk export's _since when it arrives, however old the reading", async () => {
    const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString();
    const before = Date.now();
    const late = created<Observation>(
      await post(obs('55423-8', 5000, '{steps}', { effectiveDateTime: weekAgo })),
    );
    expect(late.effectiveDateTime).toBe(weekAgo);
    expect(Date.parse(late.meta?.lastUpdated ?? '')).toBeGreaterThanOrEqual(before);
    const since = new Date(Date.now() - 60_000).toISOString();
    const search = await getFhir(
      testApp,
      `/Observation?_lastUpdated=ge${since}`,
      clinician.access_token,
    );
    expect(search.json<Bundle>().entry?.map((e) => e.resource?.id)).toEqual([late.id]);
    const exported = await bulkExport(
      `Patient/$export?_type=Observation&_since=${encodeURIComponent(since)}`,
    );
    expect(exported.map((resource) => resource.id)).toEqual([late.id]);
  });
});

describe('what the app sends wrong is refused with the element at fault, never stored', () => {
  const future = () => new Date(Date.now() + 2 * 86_400_000).toISOString();

  it.each([
    ['a wrong unit', () => obs('55423-8', 10, 'kg'), 422, 'Observation.valueQuantity.code'],
    [
      'a wrong unit given only as unit',
      () => ({ ...obs('29463-7', 80, 'kg'), valueQuantity: { value: 80, unit: 'stone' } }),
      422,
      'Observation.valueQuantity.unit',
    ],
    [
      'no unit at all',
      () => ({ ...obs('29463-7', 80, 'kg'), valueQuantity: { value: 80 } }),
      400,
      'Observation.valueQuantity.code',
    ],
    [
      'a unit outside UCUM',
      () => ({
        ...obs('29463-7', 80, 'kg'),
        valueQuantity: { value: 80, system: 'http://example.org', code: 'kg' },
      }),
      422,
      'Observation.valueQuantity.system',
    ],
    ['negative steps', () => obs('55423-8', -5, '{steps}'), 422, 'Observation.valueQuantity.value'],
    [
      'fractional steps',
      () => obs('55423-8', 10.5, '{steps}'),
      422,
      'Observation.valueQuantity.value',
    ],
    [
      'a weight of 9999 kg',
      () => obs('29463-7', 9999, 'kg'),
      422,
      'Observation.valueQuantity.value',
    ],
    [
      'a pain score of 11',
      () => obs('72514-3', 11, '{score}', painSite),
      422,
      'Observation.valueQuantity.value',
    ],
    ['an unknown code', () => obs('12345-6', 1, '{steps}'), 422, 'Observation.code.coding'],
    [
      'a code under another system',
      () => ({
        ...obs('55423-8', 1, '{steps}'),
        code: { coding: [{ system: 'http://snomed.info/sct', code: '55423-8' }] },
      }),
      422,
      'Observation.code.coding',
    ],
    [
      'a time two days ahead',
      () => obs('55423-8', 10, '{steps}', { effectiveDateTime: future() }),
      422,
      'Observation.effectiveDateTime',
    ],
    [
      'a time without its zone',
      () => obs('55423-8', 10, '{steps}', { effectiveDateTime: '2026-06-14T10:00:00' }),
      400,
      'Observation.effectiveDateTime',
    ],
    [
      'a day that does not exist',
      () => obs('55423-8', 10, '{steps}', { effectiveDateTime: '2026-02-30' }),
      400,
      'Observation.effectiveDateTime',
    ],
    [
      'a time before 2000',
      () => obs('55423-8', 10, '{steps}', { effectiveDateTime: '1999-12-31' }),
      422,
      'Observation.effectiveDateTime',
    ],
    [
      'no time',
      () => obs('55423-8', 10, '{steps}', { effectiveDateTime: undefined }),
      400,
      'Observation.effective[x]',
    ],
    [
      'no subject',
      () => obs('55423-8', 10, '{steps}', { subject: undefined }),
      400,
      'Observation.subject',
    ],
    ['pain without a body site', () => obs('72514-3', 4, '{score}'), 400, 'Observation.bodySite'],
    [
      'pain at an unknown body site',
      () =>
        obs('72514-3', 4, '{score}', {
          bodySite: { coding: [{ system: 'http://snomed.info/sct', code: '1' }] },
        }),
      422,
      'Observation.bodySite',
    ],
    [
      'a status entered-in-error',
      () => obs('55423-8', 10, '{steps}', { status: 'entered-in-error' }),
      422,
      'Observation.status',
    ],
    [
      'a value given as text',
      () => ({ ...obs('55423-8', 1, '{steps}'), valueQuantity: { value: '100', code: '{steps}' } }),
      400,
      'Observation.valueQuantity.value',
    ],
    [
      'a code given as a number',
      () => ({
        ...obs('55423-8', 1, '{steps}'),
        code: { coding: [{ system: 'http://loinc.org', code: 55423 }] },
      }),
      400,
      'Observation.code.coding[0].code',
    ],
    [
      'another resource type',
      () => ({ ...obs('55423-8', 1, '{steps}'), resourceType: 'Patient' }),
      400,
      'Observation.resourceType',
    ],
    [
      'an identifier far too long',
      () =>
        obs('55423-8', 1, '{steps}', {
          identifier: [{ system: 'urn:app', value: 'x'.repeat(300) }],
        }),
      422,
      'Observation.identifier[0].value',
    ],
  ])('%s', async (_, body, status, expression) => {
    const answer = refusal(await post(body()), status);
    expect(answer.expression).toBe(expression);
    expect(answer.diagnostics.length).toBeGreaterThan(10);
    expect(await testApp.db.select().from(measurements)).toEqual([]);
  });

  it('refuses a blood-pressure panel whose systolic is not above its diastolic', async () => {
    const component = (code: string, value: number) => ({
      code: { coding: [{ system: 'http://loinc.org', code }] },
      valueQuantity: { value, system: 'http://unitsofmeasure.org', code: 'mm[Hg]' },
    });
    const base = obs('85354-9', 0, 'mm[Hg]', { valueQuantity: undefined });
    expect(
      refusal(
        await post({ ...base, component: [component('8480-6', 70), component('8462-4', 90)] }),
        422,
      ).expression,
    ).toBe('Observation.component');
    expect(
      refusal(await post({ ...base, component: [component('8480-6', 120)] }), 400).expression,
    ).toBe('Observation.component');
  });

  it('refuses data about another participant with 403, and stores nothing for them', async () => {
    const other = await participantApp(testApp);
    const answer = refusal(
      await post(quantityObservation(other.participant.id, '55423-8', 100, '{steps}')),
      403,
    );
    expect(answer.expression).toBe('Observation.subject.reference');
    expect(await testApp.db.select().from(measurements)).toEqual([]);
  });

  it('answers malformed, empty, oversized and non-JSON bodies with an OperationOutcome', async () => {
    expect(refusal(await post('{"resourceType": "Observ'), 400).diagnostics).toBe(
      FHIR_MESSAGES.malformedBody,
    );
    expect(refusal(await post(''), 400).diagnostics).toBe(FHIR_MESSAGES.malformedBody);
    expect(refusal(await post('[]'), 400).expression).toBe('Observation');
    expect(refusal(await post('null'), 400).expression).toBe('Observation');
    const huge = {
      ...obs('55423-8', 1, '{steps}'),
      note: [{ text: 'x'.repeat(FHIR_WRITE_LIMITS.maxBodyBytes) }],
    };
    expect(refusal(await post(huge), 413).diagnostics).toBe(FHIR_MESSAGES.bodyTooLarge);
    const xml = await post('<Observation/>', { 'content-type': 'application/fhir+xml' });
    expect(refusal(xml, 415).diagnostics).toBe(FHIR_MESSAGES.unsupportedMediaType);
  });

  it('refuses a token without the create scope, staff tokens, and types the app does not create', async () => {
    const reader = await participantApp(testApp, ['patient/Observation.rs'], app.participant);
    expect(
      refusal(
        await postFhir(testApp, '/Observation', reader.token, obs('55423-8', 1, '{steps}')),
        403,
      ).diagnostics,
    ).toContain('may not create Observation');
    expect(
      refusal(
        await postFhir(
          testApp,
          '/Observation',
          clinician.access_token,
          obs('55423-8', 1, '{steps}'),
        ),
        403,
      ).diagnostics,
    ).toContain('may not create Observation');
    expect(
      refusal(await postFhir(testApp, '/Patient', app.token, { resourceType: 'Patient' }), 405)
        .diagnostics,
    ).toBe(FHIR_MESSAGES.methodNotAllowed);
    expect(refusal(await postFhir(testApp, '/Medication', app.token, {}), 404).diagnostics).toBe(
      FHIR_MESSAGES.unknownType('Medication'),
    );
    expect((await postFhir(testApp, '/Observation', 'not-a-token', {})).statusCode).toBe(401);
  });
});

describe('conditional create (If-None-Exist)', () => {
  const retried = () =>
    obs('55423-8', 7000, '{steps}', {
      identifier: [{ system: 'urn:recovery-app:reading', value: 'steps-2026-06-15' }],
    });
  const condition = { 'if-none-exist': 'identifier=urn:recovery-app:reading|steps-2026-06-15' };

  it('stores a retried upload once: 201 the first time, 200 with the same resource after', async () => {
    const first = await post(retried(), condition);
    const stored = created<Observation>(first);
    const again = await post(retried(), condition);
    expect(again.statusCode).toBe(200);
    expect(again.json<Observation>()).toEqual(stored);
    expect(again.headers.location).toBe(first.headers.location);
    expect(await testApp.db.select().from(measurements)).toHaveLength(1);
  });

  it("keeps each participant's identifiers apart", async () => {
    created(await post(retried(), condition));
    const other = await participantApp(testApp);
    const theirs = await postFhir(
      testApp,
      '/Observation',
      other.token,
      quantityObservation(other.participant.id, '55423-8', 1, '{steps}'),
      condition,
    );
    expect(theirs.statusCode).toBe(201);
  });

  it('refuses a condition it cannot search by', async () => {
    for (const header of [
      'code=55423-8',
      'identifier=novalue',
      'identifier=a|b&identifier=c|d',
      'identifier=|x',
    ]) {
      expect(
        refusal(await post(retried(), { 'if-none-exist': header }), 400).diagnostics,
      ).toContain('If-None-Exist');
    }
    expect(await testApp.db.select().from(measurements)).toEqual([]);
  });
});

describe('batch (a phone that was offline)', () => {
  const entry = (resource: unknown, extra: Record<string, unknown> = {}) => ({
    resource,
    request: { method: 'POST', url: 'Observation', ...extra },
  });

  it('answers every entry on its own: stored ones 201, refused ones with their outcome', async () => {
    const days = [3, 2, 1].map((n) => new Date(Date.now() - n * 86_400_000).toISOString());
    const bundle = {
      resourceType: 'Bundle',
      type: 'batch',
      entry: [
        ...days.map((day, i) =>
          entry(obs('55423-8', 4000 + i, '{steps}', { effectiveDateTime: day })),
        ),
        entry(obs('29463-7', 9999, 'kg')),
        entry(obs('72514-3', 3, '{score}', painSite)),
        {
          request: { method: 'PUT', url: 'Observation/m-1' },
          resource: obs('55423-8', 1, '{steps}'),
        },
        entry(obs('55423-8', 1, '{steps}'), {
          ifNoneExist: 'identifier=urn:app|batch-1',
        }),
        entry(obs('55423-8', 1, '{steps}'), {
          ifNoneExist: 'identifier=urn:app|batch-1',
        }),
      ],
    };
    const response = await postFhir(testApp, '', app.token, bundle);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<Bundle>();
    expect(answer.type).toBe('batch-response');
    expect(answer.entry?.map((e) => e.response?.status)).toEqual([
      '201 Created',
      '201 Created',
      '201 Created',
      '422 Unprocessable Entity',
      '201 Created',
      '405 Method Not Allowed',
      '201 Created',
      '200 OK',
    ]);
    expect(answer.entry?.[3]?.response?.outcome?.issue[0]?.expression).toEqual([
      'Observation.valueQuantity.value',
    ]);
    expect(await testApp.db.select().from(measurements)).toHaveLength(5);
    expect(await testApp.db.select().from(painLogs)).toHaveLength(1);
    const steps = await getFhir(testApp, '/Observation?code=55423-8', app.token);
    expect(steps.json<Bundle>().entry).toHaveLength(4);
  });

  it('refuses a transaction, a non-Bundle and more entries than the limit as a whole', async () => {
    expect(
      refusal(
        await postFhir(testApp, '', app.token, {
          resourceType: 'Bundle',
          type: 'transaction',
          entry: [],
        }),
        400,
      ).expression,
    ).toBe('Bundle.type');
    expect(
      refusal(await postFhir(testApp, '', app.token, obs('55423-8', 1, '{steps}')), 400).expression,
    ).toBe('Bundle.resourceType');
    const tooMany = {
      resourceType: 'Bundle',
      type: 'batch',
      entry: Array.from({ length: FHIR_WRITE_LIMITS.maxBatchEntries + 1 }, () => ({})),
    };
    expect(refusal(await postFhir(testApp, '', app.token, tooMany), 413).expression).toBe(
      'Bundle.entry',
    );
    expect(await testApp.db.select().from(measurements)).toEqual([]);
  });

  it('holds each entry to the scopes and the patient of the token', async () => {
    const other = await participantApp(testApp);
    const bundle = {
      resourceType: 'Bundle',
      type: 'batch',
      entry: [
        entry(quantityObservation(other.participant.id, '55423-8', 1, '{steps}')),
        {
          request: { method: 'POST', url: 'Communication' },
          resource: { resourceType: 'Communication' },
        },
      ],
    };
    const reader = await participantApp(testApp, ['patient/Observation.c'], app.participant);
    const answer = (await postFhir(testApp, '', reader.token, bundle)).json<Bundle>();
    expect(answer.entry?.map((e) => e.response?.status)).toEqual([
      '403 Forbidden',
      '403 Forbidden',
    ]);
    expect(await testApp.db.select().from(measurements)).toEqual([]);
  });
});
