import type { Bundle, Patient } from '@medplum/fhirtypes';
import { eq } from 'drizzle-orm';
import { FHIR_BASE_PATH } from '@recovery-portal/contract/fhir';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '#app/db/schema/users';
import { loginAs, type LoggedInStaff, useTestApp } from '#app/test/build-test-app';
import { createParticipant, createStaff } from '#app/test/factories';
import { loadConfig } from '#app/config';

const HOSPITAL_MRN = 'urn:oid:1.2.36.146.595.217.0.1';
const defaultApp = useTestApp();
const hospitalApp = useTestApp({ FHIR_MRN_SYSTEM: HOSPITAL_MRN });

const MR = { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'MR' }] };

async function seed(app: typeof defaultApp) {
  const clinician = await loginAs(app, 'CLINICIAN');
  const withMrn = await createParticipant(app.db, { firstName: 'Ana' });
  await app.db.update(users).set({ mrn: 'K-0042' }).where(eq(users.id, withMrn.id));
  const without = await createParticipant(app.db, { firstName: 'Ben' });
  const staff = await createStaff(app.db);
  await app.db.update(users).set({ deaRegId: 'K-0042' }).where(eq(users.id, staff.id));
  return { clinician, withMrn: withMrn.id, without: without.id };
}

function getJson<T>(app: typeof defaultApp, clinician: LoggedInStaff, path: string) {
  return app.app
    .inject({
      method: 'GET',
      url: `${FHIR_BASE_PATH}/${path}`,
      headers: { authorization: `Bearer ${clinician.access_token}` },
    })
    .then((response) => {
      expect(response.statusCode, response.body).toBe(200);
      return response.json<T>();
    });
}

const ids = (bundle: Bundle) => (bundle.entry ?? []).map((entry) => entry.resource?.id);

describe("the clinic's record number in FHIR Patient.identifier", () => {
  let seeded: Awaited<ReturnType<typeof seed>>;
  beforeAll(async () => {
    seeded = await seed(defaultApp);
  });

  it('is an official MR identifier under NamingSystem/mrn, only for participants who have one', async () => {
    const system = `http://portal.test${FHIR_BASE_PATH}/NamingSystem/mrn`;
    const patient = await getJson<Patient>(
      defaultApp,
      seeded.clinician,
      `Patient/${seeded.withMrn}`,
    );
    expect(patient.identifier).toContainEqual({
      use: 'official',
      type: MR,
      system,
      value: 'K-0042',
    });
    const other = await getJson<Patient>(defaultApp, seeded.clinician, `Patient/${seeded.without}`);
    expect(JSON.stringify(other.identifier)).not.toContain('NamingSystem/mrn');
  });

  it('is searchable with or without its system, in any case; a staff Reg Id with the same text is not a Patient', async () => {
    const system = `http://portal.test${FHIR_BASE_PATH}/NamingSystem/mrn`;
    for (const token of [`${system}|K-0042`, 'k-0042', 'K-0042']) {
      const bundle = await getJson<Bundle>(
        defaultApp,
        seeded.clinician,
        `Patient?identifier=${encodeURIComponent(token)}`,
      );
      expect(ids(bundle)).toEqual([String(seeded.withMrn)]);
    }
    const elsewhere = await getJson<Bundle>(
      defaultApp,
      seeded.clinician,
      `Patient?identifier=${encodeURIComponent('http://other.example|K-0042')}`,
    );
    expect(ids(elsewhere)).toEqual([]);
  });
});

describe('FHIR_MRN_SYSTEM', () => {
  it("names the clinic's own system, under which the number is read and found", async () => {
    const seeded = await seed(hospitalApp);
    const patient = await getJson<Patient>(
      hospitalApp,
      seeded.clinician,
      `Patient/${seeded.withMrn}`,
    );
    expect(patient.identifier).toContainEqual({
      use: 'official',
      type: MR,
      system: HOSPITAL_MRN,
      value: 'K-0042',
    });
    const bundle = await getJson<Bundle>(
      hospitalApp,
      seeded.clinician,
      `Patient?identifier=${encodeURIComponent(`${HOSPITAL_MRN}|K-0042`)}`,
    );
    expect(ids(bundle)).toEqual([String(seeded.withMrn)]);
  });

  it('must be an http(s) URL or a urn', () => {
    expect(() => loadConfig({ FHIR_MRN_SYSTEM: 'not a uri' })).toThrow(/FHIR_MRN_SYSTEM/);
    expect(() => loadConfig({ FHIR_MRN_SYSTEM: 'javascript:alert(1)' })).toThrow(/FHIR_MRN_SYSTEM/);
    expect(loadConfig({ FHIR_MRN_SYSTEM: HOSPITAL_MRN }).fhirMrnSystem).toBe(HOSPITAL_MRN);
    expect(loadConfig({}).fhirMrnSystem).toBeNull();
  });
});
