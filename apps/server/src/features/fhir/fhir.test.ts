import type {
  Bundle,
  BundleLink,
  CapabilityStatement,
  ImagingStudy,
  Observation,
  OperationOutcome,
  Patient,
  Procedure,
  Resource,
} from '@medplum/fhirtypes';
import { and, desc, eq, gt } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { FHIR_BASE_PATH, FHIR_MESSAGES, FHIR_RESOURCE_TYPES } from '@recovery-portal/contract/fhir';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#app/db/schema/audit';
import { imagingFiles } from '#app/db/schema/imaging';
import { users } from '#app/db/schema/users';
import { loginAs, TEST_JWT_SECRET, type LoggedInStaff, useTestApp } from '#app/test/build-test-app';
import {
  createMeasurements,
  createParticipant,
  createStaff,
  createSurgery,
} from '#app/test/factories';
import { testUid } from '#app/features/imaging/imaging.fixtures';
import { storeFixtureImages } from './fhir.fixtures';

const testApp = useTestApp();
let clinician: LoggedInStaff;
let administrator: LoggedInStaff;
let patientId: number;
let otherPatientId: number;
const now = () => new Date();
const hoursAgo = (hours: number) => new Date(now().getTime() - hours * 3_600_000);

beforeAll(async () => {
  clinician = await loginAs(testApp, 'CLINICIAN');
  administrator = await loginAs(testApp, 'ADMINISTRATOR');
  const patient = await createParticipant(testApp.db, { firstName: 'Ana', lastName: 'Lopez' });
  const other = await createParticipant(testApp.db, { firstName: 'Ben', lastName: 'Okafor' });
  patientId = patient.id;
  otherPatientId = other.id;
  await createStaff(testApp.db, { firstName: 'Rita', lastName: 'Reg' }).then(({ id }) =>
    testApp.db.update(users).set({ deaRegId: 'RX-4711' }).where(eq(users.id, id)),
  );
  const bpAt = hoursAgo(30);
  await createMeasurements(testApp.db, patientId, [
    { key: 'systolicBp', value: 132, measuredAt: bpAt },
    { key: 'diastolicBp', value: 84, measuredAt: bpAt },
    { key: 'weight', value: 81.5, measuredAt: hoursAgo(20) },
    { key: 'steps', value: 6400, measuredAt: hoursAgo(10) },
    { key: 'glucose', value: 101, measuredAt: hoursAgo(5), source: 'CLINIC' },
  ]);
  await createMeasurements(testApp.db, otherPatientId, [
    { key: 'weight', value: 70, measuredAt: hoursAgo(2) },
  ]);
  await createSurgery(testApp.db, patientId, { procedure: 'TOTAL_KNEE_REPLACEMENT' });
  await createSurgery(testApp.db, otherPatientId, {
    procedure: 'TOTAL_HIP_REPLACEMENT',
    surgeryDate: '2025-06-01',
  });
}, 90_000);

function get(path: string, token: string | null = clinician.access_token) {
  return testApp.app.inject({
    method: 'GET',
    url: `${FHIR_BASE_PATH}/${path}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

function fhirJson<T>(response: LightMyRequestResponse, status = 200): T {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/fhir\+json/);
  return response.json<T>();
}

function outcome(response: LightMyRequestResponse, status: number): string {
  const body = fhirJson<OperationOutcome>(response, status);
  expect(body.resourceType).toBe('OperationOutcome');
  const diagnostics = body.issue[0]?.diagnostics ?? '';
  expect(diagnostics).toMatch(/\.$/);
  return diagnostics;
}

function resources<T extends Resource>(bundle: Bundle): T[] {
  return (bundle.entry ?? []).map((entry) => entry.resource as T);
}

describe('GET /fhir/R4/metadata', () => {
  it('is public and states FHIR 4.0.1 with exactly the served types and their parameters', async () => {
    const statement = fhirJson<CapabilityStatement>(await get('metadata', null));
    expect(statement.resourceType).toBe('CapabilityStatement');
    expect(statement.fhirVersion).toBe('4.0.1');
    const served = statement.rest?.[0]?.resource ?? [];
    expect(served.map((resource) => resource.type)).toEqual([...FHIR_RESOURCE_TYPES]);
    const group = served.find((resource) => resource.type === 'Group');
    expect(group?.interaction?.map((i) => i.code)).toEqual(['read', 'search-type']);
    expect(group?.searchParam?.map((p) => p.name)).toContain('name');
    expect(group?.operation?.map((operation) => operation.definition)).toEqual([
      'http://hl7.org/fhir/uv/bulkdata/OperationDefinition/group-export',
    ]);
    expect(statement.rest?.[0]?.operation?.map((operation) => operation.name)).toEqual(['export']);
    const observation = served.find((resource) => resource.type === 'Observation');
    expect(observation?.interaction?.map((i) => i.code)).toEqual(['read', 'search-type', 'create']);
    const patient = served.find((resource) => resource.type === 'Patient');
    expect(patient?.interaction?.map((i) => i.code)).toEqual(['read', 'search-type']);
    expect(statement.rest?.[0]?.interaction?.map((i) => i.code)).toEqual(['batch']);
    expect(observation?.searchParam?.map((p) => p.name).sort()).toEqual([
      '_count',
      '_id',
      '_lastUpdated',
      '_summary',
      'category',
      'code',
      'date',
      'patient',
      'subject',
    ]);
    const imaging = served.find((resource) => resource.type === 'ImagingStudy');
    expect(imaging?.searchParam?.map((p) => p.name).sort()).toEqual([
      '_count',
      '_id',
      '_lastUpdated',
      '_summary',
      'date',
      'identifier',
      'patient',
      'started',
      'subject',
    ]);
  });
});

describe('who may call', () => {
  it('answers 401 with an OperationOutcome without a token, or with a tampered or expired one', async () => {
    expect(outcome(await get('Patient', null), 401)).toBe(FHIR_MESSAGES.unauthenticated);
    const tampered = `${clinician.access_token.slice(0, -3)}abc`;
    expect(outcome(await get('Patient', tampered), 401)).toBe(FHIR_MESSAGES.tokenInvalid);
    const expired = await new SignJWT({ role: 'CLINICIAN', sid: crypto.randomUUID() })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('recovery-portal')
      .setAudience('recovery-portal-staff')
      .setIssuedAt(Math.floor(now().getTime() / 1000) - 3600)
      .setExpirationTime(Math.floor(now().getTime() / 1000) - 60)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    expect(outcome(await get('Patient', expired), 401)).toBe(FHIR_MESSAGES.tokenInvalid);
  });

  it('gives administrators the portal rights: Practitioners yes, participant data 403', async () => {
    const token = administrator.access_token;
    for (const type of [
      'Patient',
      'Observation',
      'Procedure',
      'ImagingStudy',
      'Flag',
      'Communication',
    ]) {
      expect(outcome(await get(type, token), 403)).toBe(FHIR_MESSAGES.forbidden(type));
    }
    expect(outcome(await get(`Patient/${patientId}`, token), 403)).toBe(
      FHIR_MESSAGES.forbidden('Patient'),
    );
    const practitioners = fhirJson<Bundle>(await get('Practitioner', token));
    expect(resources(practitioners).length).toBeGreaterThan(0);
  });

  it('refuses writes of the types it serves read-only', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: `${FHIR_BASE_PATH}/Patient`,
      headers: {
        authorization: `Bearer ${clinician.access_token}`,
        'content-type': 'application/fhir+json',
      },
      payload: JSON.stringify({ resourceType: 'Patient' }),
    });
    expect(outcome(response, 405)).toBe(FHIR_MESSAGES.methodNotAllowed);
  });
});

describe('errors', () => {
  it('answers 404 for an unknown id or type, 400 for an unknown or malformed parameter', async () => {
    expect(outcome(await get('Patient/99999999'), 404)).toBe(
      FHIR_MESSAGES.notFound('Patient', '99999999'),
    );
    expect(outcome(await get(`Patient/${"'; drop table users; --"}`), 404)).toContain('no Patient');
    expect(outcome(await get('Observation/bp-abc'), 404)).toContain('no Observation');
    expect(outcome(await get('Medication'), 404)).toBe(FHIR_MESSAGES.unknownType('Medication'));
    expect(outcome(await get('Patient?name=Ana'), 400)).toBe(
      FHIR_MESSAGES.unknownParameter('name', 'Patient'),
    );
    expect(outcome(await get('Observation?code:text=weight'), 400)).toBe(
      FHIR_MESSAGES.unknownParameter('code:text', 'Observation'),
    );
    expect(outcome(await get('Observation?date=yesterday'), 400)).toBe(
      FHIR_MESSAGES.invalidDate('date'),
    );
    expect(outcome(await get('Observation?date=2026-02-30'), 400)).toBe(
      FHIR_MESSAGES.invalidDate('date'),
    );
    expect(outcome(await get('Observation?_count=-1'), 400)).toBe(FHIR_MESSAGES.invalidCount);
    expect(outcome(await get('Observation?_count=100000'), 400)).toBe(FHIR_MESSAGES.invalidCount);
    expect(outcome(await get('Observation?patient=Group/1'), 400)).toBe(
      FHIR_MESSAGES.invalidReference('patient'),
    );
    expect(outcome(await get(`Observation?patient=${'9'.repeat(5000)}`), 400)).toBe(
      FHIR_MESSAGES.invalidReference('patient'),
    );
    expect(outcome(await get('Observation?_summary=true'), 400)).toBe(FHIR_MESSAGES.invalidSummary);
    expect(outcome(await get('Observation?_cursor=zz'), 400)).toBe(FHIR_MESSAGES.invalidCursor);
    expect(outcome(await get('Observation?code=a&code=b'), 400)).toBe(
      FHIR_MESSAGES.repeatedParameter('code'),
    );
  });
});

describe('Patient and Practitioner', () => {
  it('serves a participant with the portal id as identifier, and finds it by that identifier', async () => {
    const patient = fhirJson<Patient>(await get(`Patient/${patientId}`));
    expect(patient).toMatchObject({
      resourceType: 'Patient',
      id: String(patientId),
      name: [{ family: 'Lopez', given: ['Ana'] }],
    });
    const system = `http://portal.test${FHIR_BASE_PATH}/NamingSystem/user-id`;
    expect(patient.identifier).toContainEqual({
      use: 'usual',
      system,
      value: String(patientId),
    });
    const found = fhirJson<Bundle>(await get(`Patient?identifier=${system}|${patientId}`));
    expect(resources<Patient>(found).map((p) => p.id)).toEqual([String(patientId)]);
  });

  it('serves clinicians as Practitioners with their Reg Id, searchable by it; never participants', async () => {
    const bundle = fhirJson<Bundle>(await get('Practitioner?identifier=RX-4711'));
    const [practitioner] = resources(bundle);
    expect(practitioner).toMatchObject({
      resourceType: 'Practitioner',
      name: [{ family: 'Reg', given: ['Rita'] }],
    });
    expect(JSON.stringify(practitioner)).toContain('"value":"RX-4711"');
    outcome(await get(`Practitioner/${patientId}`), 404);
    outcome(await get(`Patient/${clinician.user.id}`), 404);
  });
});

describe('Observation', () => {
  it('pairs systolic and diastolic into a LOINC 85354-9 panel with UCUM mm[Hg] components', async () => {
    const bundle = fhirJson<Bundle>(
      await get(`Observation?patient=${patientId}&code=http://loinc.org|85354-9`),
    );
    const [panel, ...rest] = resources<Observation>(bundle);
    expect(rest).toEqual([]);
    expect(panel?.code.coding?.[0]).toMatchObject({ system: 'http://loinc.org', code: '85354-9' });
    expect(panel?.component?.map((c) => [c.code.coding?.[0]?.code, c.valueQuantity])).toEqual([
      [
        '8480-6',
        { value: 132, unit: 'mm[Hg]', system: 'http://unitsofmeasure.org', code: 'mm[Hg]' },
      ],
      [
        '8462-4',
        { value: 84, unit: 'mm[Hg]', system: 'http://unitsofmeasure.org', code: 'mm[Hg]' },
      ],
    ]);
    expect(panel?.category?.[0]?.coding?.[0]?.code).toBe('vital-signs');
    const read = fhirJson<Observation>(await get(`Observation/${panel?.id ?? ''}`));
    expect(read.id).toBe(panel?.id);
  });

  it('finds body weight by LOINC 29463-7 in kg, only for the patient asked for', async () => {
    const bundle = fhirJson<Bundle>(
      await get(`Observation?subject=Patient/${patientId}&code=29463-7`),
    );
    const weights = resources<Observation>(bundle);
    expect(
      weights.map((o) => [o.subject?.reference, o.valueQuantity?.value, o.valueQuantity?.code]),
    ).toEqual([[`Patient/${patientId}`, 81.5, 'kg']]);
  });

  it('filters by category, date and _lastUpdated', async () => {
    const labs = resources<Observation>(
      fhirJson<Bundle>(await get(`Observation?patient=${patientId}&category=laboratory`)),
    );
    expect(labs.map((o) => o.code.coding?.[0]?.code)).toEqual(['2339-0']);
    const since = hoursAgo(12).toISOString();
    const recent = resources<Observation>(
      fhirJson<Bundle>(
        await get(`Observation?patient=${patientId}&date=ge${encodeURIComponent(since)}`),
      ),
    );
    expect(recent.map((o) => o.code.coding?.[0]?.code).sort()).toEqual(['2339-0', '55423-8']);
    const before = resources<Observation>(
      fhirJson<Bundle>(
        await get(`Observation?patient=${patientId}&_lastUpdated=lt${encodeURIComponent(since)}`),
      ),
    );
    expect(before.map((o) => o.code.coding?.[0]?.code).sort()).toEqual(['29463-7', '85354-9']);
  });

  it('pages through next links without losing or repeating a row; _summary=count agrees', async () => {
    const counted = fhirJson<Bundle>(await get('Observation?_summary=count'));
    expect(counted.total).toBe(5);
    expect(counted.entry).toBeUndefined();
    const ids: string[] = [];
    let url: string | undefined = 'Observation?_count=2';
    let pages = 0;
    while (url) {
      const bundle: Bundle = fhirJson<Bundle>(await get(url));
      pages += 1;
      ids.push(...resources(bundle).map((r) => r.id ?? ''));
      const next = bundle.link?.find((l) => l.relation === 'next')?.url;
      expect(
        next === undefined || next.startsWith(`http://portal.test${FHIR_BASE_PATH}/Observation?`),
      ).toBe(true);
      url = next?.replace(`http://portal.test${FHIR_BASE_PATH}/`, '');
    }
    expect(pages).toBe(3);
    expect(new Set(ids).size).toBe(5);
  });
});

describe('Procedure', () => {
  it('codes knee and hip replacement in SNOMED CT and finds them by it', async () => {
    const knee = resources<Procedure>(
      fhirJson<Bundle>(await get('Procedure?code=http://snomed.info/sct|609588000')),
    );
    expect(knee.map((p) => p.subject.reference)).toEqual([`Patient/${patientId}`]);
    expect(knee[0]?.code?.coding?.[0]).toEqual({
      system: 'http://snomed.info/sct',
      code: '609588000',
      display: 'Total knee replacement',
    });
    const hip = resources<Procedure>(fhirJson<Bundle>(await get('Procedure?code=52734007')));
    expect(hip.map((p) => [p.subject.reference, p.performedDateTime])).toEqual([
      [`Patient/${otherPatientId}`, '2025-06-01'],
    ]);
    const inJune = resources<Procedure>(fhirJson<Bundle>(await get('Procedure?date=2025-06')));
    expect(inJune.map((p) => p.subject.reference)).toEqual([`Patient/${otherPatientId}`]);
  });
});

describe('ImagingStudy', () => {
  const CT_IMAGE_STORAGE = '1.2.840.10008.5.1.4.1.1.2';
  const study = testUid();
  const ctSeries = testUid();
  const mrSeries = testUid();
  const legacyStudy = testUid();
  const [firstCt, secondCt] = [testUid(), testUid()];
  let kneeSurgeryId: number;
  let legacyIds: number[];

  beforeAll(async () => {
    const knee = await createSurgery(testApp.db, patientId, {
      procedure: 'TOTAL_KNEE_REPLACEMENT',
    });
    kneeSurgeryId = knee.id;
    const hip = await createSurgery(testApp.db, otherPatientId, { surgeryDate: '2025-06-01' });
    const dataDir = testApp.config.dataDir;
    const ct = { studyInstanceUid: study, seriesInstanceUid: ctSeries, studyDate: '20250314' };
    const patientImages = {
      userId: patientId,
      surgeryId: knee.id,
    };
    await storeFixtureImages(testApp.db, dataDir, [
      // Uploaded out of order, and the second instance twice: it counts once, in number order.
      { ...patientImages, dicom: { ...ct, sopInstanceUid: secondCt, instanceNumber: 2 } },
      { ...patientImages, dicom: { ...ct, sopInstanceUid: firstCt, instanceNumber: 1 } },
      { ...patientImages, dicom: { ...ct, sopInstanceUid: secondCt, instanceNumber: 2 } },
      {
        ...patientImages,
        dicom: { ...ct, seriesInstanceUid: mrSeries, modality: 'MR', seriesDescription: 'T2' },
      },
      // No UIDs: not part of any study.
      { ...patientImages, dicom: { withoutUids: true } },
    ]);
    // Stored before the UIDs were kept: the API reads them from the stored files.
    legacyIds = await storeFixtureImages(testApp.db, dataDir, [
      {
        userId: otherPatientId,
        surgeryId: hip.id,
        dicom: { studyInstanceUid: legacyStudy, studyDate: '20250601', modality: 'DX' },
        legacy: true,
      },
      {
        userId: otherPatientId,
        surgeryId: hip.id,
        dicom: { studyInstanceUid: legacyStudy, studyDate: '20250601', modality: 'DX' },
        legacy: true,
      },
    ]);
  });

  it('serves a study with its series, instances, UIDs, date and surgery; read by id agrees', async () => {
    const found = resources<ImagingStudy>(
      fhirJson<Bundle>(await get(`ImagingStudy?patient=${patientId}`)),
    );
    expect(found).toHaveLength(1);
    const [imaging] = found;
    expect(imaging).toMatchObject({
      resourceType: 'ImagingStudy',
      identifier: [{ system: 'urn:dicom:uid', value: `urn:oid:${study}` }],
      status: 'available',
      subject: { reference: `Patient/${patientId}` },
      started: '2025-03-14',
      procedureReference: { reference: `Procedure/${kneeSurgeryId}` },
      numberOfSeries: 2,
      numberOfInstances: 3,
      description: 'Knee CT pre-op',
    });
    expect(imaging?.series?.map((s) => [s.uid, s.modality, s.numberOfInstances])).toEqual([
      [ctSeries, { system: 'http://dicom.nema.org/resources/ontology/DCM', code: 'CT' }, 2],
      [mrSeries, { system: 'http://dicom.nema.org/resources/ontology/DCM', code: 'MR' }, 1],
    ]);
    expect(imaging?.series?.[1]?.description).toBe('T2');
    expect(imaging?.series?.[0]?.instance).toEqual([
      {
        uid: firstCt,
        sopClass: { system: 'urn:ietf:rfc:3986', code: `urn:oid:${CT_IMAGE_STORAGE}` },
        number: 1,
      },
      {
        uid: secondCt,
        sopClass: { system: 'urn:ietf:rfc:3986', code: `urn:oid:${CT_IMAGE_STORAGE}` },
        number: 2,
      },
    ]);
    const read = fhirJson<ImagingStudy>(await get(`ImagingStudy/${imaging?.id}`));
    expect(read).toEqual(imaging);
  });

  it('reads the UIDs of images stored before they were kept from their files, once', async () => {
    const found = resources<ImagingStudy>(
      fhirJson<Bundle>(
        await get(
          `ImagingStudy?identifier=${encodeURIComponent(`urn:dicom:uid|urn:oid:${legacyStudy}`)}`,
        ),
      ),
    );
    expect(found.map((s) => [s.subject?.reference, s.started, s.numberOfInstances])).toEqual([
      [`Patient/${otherPatientId}`, '2025-06-01', 2],
    ]);
    expect(found[0]?.id).toBe(String(Math.min(...legacyIds)));
    const rows = await testApp.db
      .select({ study: imagingFiles.studyInstanceUid, read: imagingFiles.uidsRead })
      .from(imagingFiles)
      .where(eq(imagingFiles.userId, otherPatientId));
    expect(rows).toEqual(legacyIds.map(() => ({ study: legacyStudy, read: true })));
  });

  it('searches by identifier, date/started, _lastUpdated and _id; counts and pages', async () => {
    const ids = async (query: string) =>
      resources<ImagingStudy>(fhirJson<Bundle>(await get(`ImagingStudy?${query}`))).map(
        (s) => s.subject?.reference,
      );
    const mine = [`Patient/${patientId}`];
    const theirs = [`Patient/${otherPatientId}`];
    expect(await ids(`identifier=urn:oid:${study}`)).toEqual(mine);
    expect(await ids(`identifier=${encodeURIComponent(`http://other|urn:oid:${study}`)}`)).toEqual(
      [],
    );
    expect(await ids(`identifier=${study}`)).toEqual([]);
    expect(await ids(`identifier=${encodeURIComponent("x' or 1=1 --")}`)).toEqual([]);
    expect(await ids('date=2025-06')).toEqual(theirs);
    expect(await ids('started=lt2025-04-01')).toEqual(mine);
    expect(await ids('date=ge2025-01-01&date=lt2025-03-14')).toEqual([]);
    expect(await ids(`subject=Patient/${otherPatientId}&date=2025`)).toEqual(theirs);
    expect(await ids(`_lastUpdated=gt${encodeURIComponent(now().toISOString())}`)).toEqual([]);
    expect((await ids(`_lastUpdated=ge${hoursAgo(1).toISOString().slice(0, 10)}`)).sort()).toEqual(
      [...mine, ...theirs].sort(),
    );
    const count = fhirJson<Bundle>(await get('ImagingStudy?_summary=count'));
    expect(count.total).toBe(2);

    const seen: string[] = [];
    let url: string | undefined = 'ImagingStudy?_count=1';
    while (url) {
      const bundle: Bundle = fhirJson<Bundle>(await get(url));
      seen.push(...resources<ImagingStudy>(bundle).map((s) => String(s.id)));
      url = bundle.link
        ?.find((link: BundleLink) => link.relation === 'next')
        ?.url.replace(`http://portal.test${FHIR_BASE_PATH}/`, '');
    }
    expect(seen).toHaveLength(2);
    expect(await ids(`_id=${seen.join(',')}`)).toHaveLength(2);
    expect(await ids('_id=999999')).toEqual([]);
  });

  it('answers 404, 400 and 403 with an OperationOutcome', async () => {
    expect(outcome(await get('ImagingStudy/999999'), 404)).toBe(
      FHIR_MESSAGES.notFound('ImagingStudy', '999999'),
    );
    expect(outcome(await get('ImagingStudy/1.2.840'), 404)).toBe(
      FHIR_MESSAGES.notFound('ImagingStudy', '1.2.840'),
    );
    expect(outcome(await get('ImagingStudy?identifier='), 400)).toBe(
      FHIR_MESSAGES.invalidToken('identifier'),
    );
    expect(outcome(await get('ImagingStudy?code=CT'), 400)).toBe(
      FHIR_MESSAGES.unknownParameter('code', 'ImagingStudy'),
    );
    expect(outcome(await get('ImagingStudy?patient=abc'), 400)).toBe(
      FHIR_MESSAGES.invalidReference('patient'),
    );
    expect(outcome(await get(`ImagingStudy?started=${'9'.repeat(300)}`), 400)).toBe(
      FHIR_MESSAGES.invalidDate('started'),
    );
    const token = administrator.access_token;
    expect(outcome(await get('ImagingStudy', token), 403)).toBe(
      FHIR_MESSAGES.forbidden('ImagingStudy'),
    );
    const [any] = resources<ImagingStudy>(fhirJson<Bundle>(await get('ImagingStudy')));
    expect(outcome(await get(`ImagingStudy/${any?.id}`, token), 403)).toBe(
      FHIR_MESSAGES.forbidden('ImagingStudy'),
    );
  });

  it('audits a read with the participant it showed', async () => {
    const [mine] = resources<ImagingStudy>(
      fhirJson<Bundle>(await get(`ImagingStudy?patient=${patientId}`)),
    );
    await get(`ImagingStudy/${mine?.id}`);
    const [row] = await testApp.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorId, clinician.user.id))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect([row?.action, row?.subjectId, row?.details]).toEqual([
      AUDIT_ACTIONS.fhirRead,
      patientId,
      { resource_type: 'ImagingStudy', resource_id: String(mine?.id) },
    ]);
  });
});

describe('audit', () => {
  it('records every read and search with the participants it returned, like portal reads', async () => {
    const [latest] = await testApp.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .orderBy(auditLog.id)
      .limit(1);
    const start = latest?.id ?? 0;
    await get(`Observation?patient=${patientId}`);
    await get(`Patient/${otherPatientId}`);
    const rows = await testApp.db
      .select()
      .from(auditLog)
      .where(and(gt(auditLog.id, start), eq(auditLog.actorId, clinician.user.id)))
      .orderBy(auditLog.id);
    const mine = rows.slice(-2);
    expect(mine.map((row) => [row.action, row.subjectId, row.details])).toEqual([
      [
        AUDIT_ACTIONS.fhirSearch,
        null,
        { resource_type: 'Observation', participant_ids: [patientId] },
      ],
      [
        AUDIT_ACTIONS.fhirRead,
        otherPatientId,
        { resource_type: 'Patient', resource_id: String(otherPatientId) },
      ],
    ]);
  });
});
