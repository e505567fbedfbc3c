import type { Bundle, OperationOutcome } from '@medplum/fhirtypes';
import type { LightMyRequestResponse } from 'fastify';
import {
  FHIR_BASE_PATH,
  FHIR_DISCOVERY_CACHE_CONTROL,
  FHIR_EXPORT_MESSAGES,
  FHIR_MESSAGES,
  FHIR_RESOURCE_TYPES,
  type FhirResourceType,
} from '@recovery-portal/contract/fhir';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginAs, type LoggedInStaff, useTestApp } from '#app/test/build-test-app';
import { createMeasurements, createParticipant, createSurgery } from '#app/test/factories';

const testApp = useTestApp();
let clinician: LoggedInStaff;
let patientId: number;

/** The id prefixes of each type's sources, in cursor-kind order. */
const PREFIXES: Record<FhirResourceType, string[]> = Object.fromEntries(
  FHIR_RESOURCE_TYPES.map((type) => [
    type,
    type === 'Observation'
      ? ['m-', 'bp-', 'score-']
      : type === 'Communication'
        ? ['nudge-', 'coach-', 'msg-']
        : [''],
  ]),
) as Record<FhirResourceType, string[]>;

beforeAll(async () => {
  clinician = await loginAs(testApp, 'CLINICIAN');
  patientId = (await createParticipant(testApp.db, { firstName: 'Ida' })).id;
  await createMeasurements(testApp.db, patientId, [
    { key: 'weight', value: 80, measuredAt: new Date(Date.now() - 3_600_000) },
    // Long ago: a year written with two leading zeros must not be read as 19xx.
    { key: 'weight', value: 79, measuredAt: new Date('1960-05-01T08:00:00Z') },
  ]);
  await createSurgery(testApp.db, patientId);
  await createSurgery(testApp.db, patientId, { surgeryDate: '1960-05-01' });
}, 90_000);

function get(path: string, headers: Record<string, string> = {}) {
  return testApp.app.inject({
    method: 'GET',
    url: `${FHIR_BASE_PATH}/${path}`,
    headers: { authorization: `Bearer ${clinician.access_token}`, ...headers },
  });
}

/** The OperationOutcome's sentence, after checking the answer is one with this status. */
function outcome(response: LightMyRequestResponse, status: number): string {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/fhir\+json/);
  const body = response.json<OperationOutcome>();
  expect(body.resourceType).toBe('OperationOutcome');
  const diagnostics = body.issue[0]?.diagnostics ?? '';
  expect(diagnostics).toMatch(/\.$/);
  return diagnostics;
}

function entries(response: LightMyRequestResponse): unknown[] {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Bundle>().entry ?? [];
}

describe('FHIR caching', () => {
  it('tells every cache to keep no answer that may hold patient data, errors included', async () => {
    const kickOff = await get('Patient/$export?_type=Patient', { prefer: 'respond-async' });
    expect(kickOff.statusCode, kickOff.body).toBe(202);
    const status = String(kickOff.headers['content-location']).replace(
      testApp.config.publicUrl,
      '',
    );
    await testApp.app.inject({ method: 'GET', url: status }); // answered 401: also no-store
    let poll = await get(status.slice(FHIR_BASE_PATH.length + 1));
    for (let attempt = 0; poll.statusCode === 202 && attempt < 200; attempt += 1) {
      // A timer, not only promises, between polls: the export's file writes need the event loop.
      await new Promise((resolve) => setTimeout(resolve, 25));
      poll = await get(status.slice(FHIR_BASE_PATH.length + 1));
    }
    const file = poll
      .json<{ output: { url: string }[] }>()
      .output[0]?.url.replace(`${testApp.config.publicUrl}${FHIR_BASE_PATH}/`, '');
    const answers = [
      kickOff,
      poll,
      await get(file ?? ''),
      await get('Patient'),
      await get(`Patient/${patientId}`),
      await get('Patient/404404'),
      await get('Patient?bogus=1'),
      await get('Nothing/here/at/all'),
      await get('Patient', { authorization: '' }),
      await get('Patient/%zz'),
      await testApp.app.inject({ method: 'POST', url: `${FHIR_BASE_PATH}/auth/token` }),
    ];
    for (const answer of answers) {
      expect(answer.headers['cache-control'], answer.raw.req.url).toBe('no-store');
    }
  });

  it('lets caches keep the discovery documents, which describe only the server', async () => {
    for (const path of ['metadata', '.well-known/smart-configuration']) {
      const response = await get(path, { authorization: '' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe(FHIR_DISCOVERY_CACHE_CONTROL);
    }
  });
});

describe('FHIR ids and paging links beyond what a key column holds', () => {
  it('reads of every type and source answer 404 for ids past the integer range', async () => {
    for (const type of FHIR_RESOURCE_TYPES) {
      for (const prefix of PREFIXES[type]) {
        for (const key of ['2147483648', '9999999999', '999999999999999', '9999999999999999999']) {
          const id = `${prefix}${key}`;
          const response = await get(`${type}/${id}`);
          expect(outcome(response, 404), `${type}/${id}`).toBe(FHIR_MESSAGES.notFound(type, id));
        }
      }
    }
  });

  it('searches by such an _id find nothing, alone or beside a real one', async () => {
    for (const type of FHIR_RESOURCE_TYPES) {
      for (const prefix of PREFIXES[type]) {
        const response = await get(`${type}?_id=${prefix}9999999999`);
        expect(entries(response), `${type} ${prefix}`).toEqual([]);
      }
    }
    const both = await get(`Patient?_id=9999999999,${patientId}`);
    expect(entries(both)).toHaveLength(1);
  });

  it('refuses a paging cursor no page of the type could have given', async () => {
    for (const type of FHIR_RESOURCE_TYPES) {
      const kinds = PREFIXES[type].length;
      const cursors = [
        // Measurements (m-, bp-) and messages (msg-) have a bigserial key: any key a cursor can
        // spell fits it.
        ...PREFIXES[type].flatMap((prefix, kind) =>
          ['m-', 'bp-', 'msg-'].includes(prefix)
            ? []
            : [`${kind}.2147483648`, `${kind}.9999999999`],
        ),
        `${kinds}.1`,
        '99.1',
      ];
      for (const cursor of cursors) {
        const response = await get(`${type}?_cursor=${cursor}`);
        expect(outcome(response, 400), `${type} ${cursor}`).toBe(FHIR_MESSAGES.invalidCursor);
      }
    }
    expect(entries(await get('Observation?_cursor=0.2147483648&_count=1'))).toEqual([]);
  });

  it('reads dates at either end of the calendar as FHIR means them, never as 19xx', async () => {
    // A timestamp column (measurements) and a date column (surgery days).
    expect(entries(await get(`Procedure?patient=${patientId}&date=lt0070`))).toEqual([]);
    expect(entries(await get(`Procedure?patient=${patientId}&date=ge0070-06`))).toHaveLength(2);
    expect(entries(await get(`Observation?patient=${patientId}&date=lt0070`))).toEqual([]);
    expect(entries(await get(`Observation?patient=${patientId}&date=ge0070`))).toHaveLength(2);
    expect(entries(await get(`Observation?patient=${patientId}&date=le9999-12-31`))).toHaveLength(
      2,
    );
    for (const value of ['gt9999', 'ge9999-12-31T23:59:59-14:00', 'eq9999']) {
      for (const param of ['date', '_lastUpdated']) {
        expect(entries(await get(`Observation?${param}=${value}`)), value).toEqual([]);
        expect(entries(await get(`Procedure?${param}=${value}`)), value).toEqual([]);
      }
    }
    for (const value of ['0000', 'lt0000-01-01', '0001-01-01T00:30:00+01:00']) {
      expect(outcome(await get(`Observation?date=${value}`), 400)).toBe(
        FHIR_MESSAGES.invalidDate('date'),
      );
    }
  });

  it('refuses an export _since the database cannot hold', async () => {
    for (const since of ['0000-06-01T00:00:00Z', '9999-12-31T23:00:00-14:00']) {
      const response = await get(`$export?_since=${encodeURIComponent(since)}`, {
        prefer: 'respond-async',
      });
      expect(outcome(response, 400), since).toBe(FHIR_EXPORT_MESSAGES.invalidSince);
    }
  });
});

describe('ugly input anywhere in a FHIR call', () => {
  const values = [
    '9999999999',
    '99999999999999999999',
    '-1',
    '-9999999999',
    '1e400',
    'abc',
    '%00',
    'a%00b',
    '%ED%A0%80',
    '%F0%9F%98%80',
    '%C0%80',
    'x'.repeat(5000),
  ];
  const params = [
    '_id',
    'patient',
    'subject',
    '_cursor',
    'date',
    'started',
    '_lastUpdated',
    'code',
    'category',
    'identifier',
    'name',
    '_count',
    '_summary',
    '_format',
  ];

  it('answers each read and search with a result or an OperationOutcome, never a 500', async () => {
    const failures: string[] = [];
    for (const type of FHIR_RESOURCE_TYPES) {
      const paths = values.flatMap((value) => [
        ...PREFIXES[type].map((prefix) => `${type}/${prefix}${value}`),
        ...params.map((param) => `${type}?${param}=${value}`),
        `${type}?_cursor=0.${value}`,
        `${type}?date=ge${value}`,
      ]);
      for (const path of paths) {
        const response = await get(path);
        const ok =
          response.headers['content-type']?.toString().startsWith('application/fhir+json') &&
          response.statusCode < 500 &&
          (response.statusCode < 400 ||
            /\.$/.test(response.json<OperationOutcome>().issue[0]?.diagnostics ?? ''));
        if (!ok) failures.push(`${response.statusCode} ${path.slice(0, 80)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers export addresses with ugly ids with 404 or 400, never a 500', async () => {
    for (const value of ['9999999999', '-1', 'abc', '%00', '0', 'x'.repeat(300)]) {
      for (const path of [
        `Group/${value}/$export`,
        `bulk-status/${value}`,
        `bulk-files/${value}/Patient.ndjson`,
      ]) {
        const response = await get(path, { prefer: 'respond-async' });
        expect([400, 404, 414], path.slice(0, 80)).toContain(response.statusCode);
        outcome(response, response.statusCode);
      }
    }
  });

  it('says what was wrong with a NUL, a broken address, a large or foreign body', async () => {
    const token = (payload: string, type = 'application/x-www-form-urlencoded') =>
      testApp.app.inject({
        method: 'POST',
        url: `${FHIR_BASE_PATH}/auth/token`,
        headers: { 'content-type': type },
        payload,
      });
    expect(outcome(await token('grant_type=client%00credentials'), 400)).toBe(
      `${MESSAGES.http.invalidText} (grant_type).`,
    );
    expect(outcome(await get('Patient?_id=a%00b'), 400)).toBe(
      `${MESSAGES.http.invalidText} (_id).`,
    );
    expect(outcome(await get('Patient/%ED%A0%80'), 400)).toBe(FHIR_MESSAGES.malformedAddress);
    expect(outcome(await get(`Patient/${'1'.repeat(200)}`), 414)).toBe(
      FHIR_MESSAGES.addressTooLong,
    );
    expect(outcome(await token(`scope=${'x'.repeat(40_000)}`), 413)).toBe(
      FHIR_MESSAGES.bodyTooLarge,
    );
    expect(outcome(await token('<grant/>', 'application/xml'), 415)).toBe(
      FHIR_MESSAGES.unsupportedMediaType,
    );
    expect(outcome(await token('{"grant_type":', 'application/json'), 400)).toBe(
      FHIR_MESSAGES.malformedBody,
    );
  });
});
