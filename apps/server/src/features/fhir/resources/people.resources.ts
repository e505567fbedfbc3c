import type {
  ContactPoint,
  HumanName,
  Identifier,
  Patient,
  Practitioner,
} from '@medplum/fhirtypes';
import { eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Database } from '#app/db/client';
import { users } from '#app/db/schema/users';
import {
  SERIAL_MAX_KEY,
  allOf,
  instantConditions,
  keysOf,
  type FhirContext,
  type FhirSource,
} from './fhir-source';
import { countPeople, pagePeople, type PersonRow } from './people.repository';
import type { ParsedSearch } from '#app/features/fhir/search/search-params';

/** FHIR administrative gender of the portal's gender choices (contract PARTICIPANT_GENDERS). */
function administrativeGender(gender: string | null): Patient['gender'] {
  switch (gender?.toLowerCase()) {
    case 'female':
      return 'female';
    case 'male':
      return 'male';
    case null:
    case undefined:
    case '':
      return undefined;
    default:
      return 'other';
  }
}

/** HL7 v2 table 0203 'MR': the identifier type of a medical record number. */
const MEDICAL_RECORD_NUMBER = {
  coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'MR' }],
};

function identifiers(row: PersonRow, ctx: FhirContext): Identifier[] {
  return [
    { use: 'usual', system: ctx.systems.userId, value: String(row.id) },
    ...(row.mrn
      ? [
          {
            use: 'official' as const,
            type: MEDICAL_RECORD_NUMBER,
            system: ctx.systems.mrn,
            value: row.mrn,
          },
        ]
      : []),
    ...(row.regId
      ? [{ use: 'official' as const, system: ctx.systems.regId, value: row.regId }]
      : []),
  ];
}

function names(row: PersonRow): HumanName[] | undefined {
  const given = row.firstName.trim();
  const family = row.lastName.trim();
  if (!given && !family) return undefined;
  return [{ use: 'official', ...(family ? { family } : {}), ...(given ? { given: [given] } : {}) }];
}

function telecom(row: PersonRow): ContactPoint[] {
  return [
    { system: 'email', value: row.email },
    ...(row.phoneNumber ? [{ system: 'phone' as const, value: row.phoneNumber }] : []),
  ];
}

/**
 * identifier=system|value over the portal id (the primary key), the record number of a
 * participant and the Reg Id (their unique indexes); a token without a system matches any.
 * Record numbers are stored upper-case (contract participant-identity.ts), so one is looked up so.
 */
function identifierCondition(
  search: ParsedSearch,
  ctx: FhirContext,
  role: 'PARTICIPANT' | 'CLINICIAN',
): SQL | undefined | null {
  if (!search.identifier) return undefined;
  const alternatives = search.identifier.flatMap((token) => {
    const matches: SQL[] = [];
    if ((!token.system || token.system === ctx.systems.userId) && /^\d{1,9}$/.test(token.code)) {
      matches.push(eq(users.id, Number(token.code)));
    }
    if (role === 'PARTICIPANT' && (!token.system || token.system === ctx.systems.mrn)) {
      matches.push(eq(users.mrn, token.code.toUpperCase()));
    }
    if (!token.system || token.system === ctx.systems.regId) {
      matches.push(eq(users.deaRegId, token.code));
    }
    return matches;
  });
  return alternatives.length ? or(...alternatives) : null;
}

function personSource(
  db: Database,
  role: 'PARTICIPANT' | 'CLINICIAN',
  toResource: (row: PersonRow, ctx: FhirContext) => Patient | Practitioner,
): FhirSource<PersonRow> {
  return {
    kind: 0,
    prefix: '',
    maxKey: SERIAL_MAX_KEY,
    where(search, ctx) {
      const keys = keysOf(search, '', SERIAL_MAX_KEY);
      return allOf([
        keys === null ? undefined : keys.length ? inArray(users.id, keys) : null,
        role === 'PARTICIPANT' && search.patients
          ? search.patients.length
            ? inArray(users.id, search.patients)
            : null
          : undefined,
        identifierCondition(search, ctx, role),
        ...instantConditions(users.updatedAt, search.lastUpdated),
      ]);
    },
    page: (where, afterKey, limit) => pagePeople(db, role, where, afterKey, limit),
    count: (where) => countPeople(db, role, where),
    keyIs: (key) => eq(users.id, key),
    key: (row) => row.id,
    participant: (row) => (role === 'PARTICIPANT' ? row.id : null),
    toResource,
  };
}

export function patientSource(db: Database): FhirSource<PersonRow> {
  return personSource(db, 'PARTICIPANT', (row, ctx): Patient => {
    const name = names(row);
    const gender = administrativeGender(row.gender);
    return {
      resourceType: 'Patient',
      id: String(row.id),
      meta: { lastUpdated: row.updatedAt.toISOString() },
      identifier: identifiers(row, ctx),
      active: row.status !== 'SUSPENDED',
      ...(name ? { name } : {}),
      telecom: telecom(row),
      ...(gender ? { gender } : {}),
      ...(row.birthDate ? { birthDate: row.birthDate } : {}),
    };
  });
}

export function practitionerSource(db: Database): FhirSource<PersonRow> {
  return personSource(db, 'CLINICIAN', (row, ctx): Practitioner => {
    const name = names(row);
    return {
      resourceType: 'Practitioner',
      id: String(row.id),
      meta: { lastUpdated: row.updatedAt.toISOString() },
      identifier: identifiers(row, ctx),
      active: row.status === 'ACTIVATED',
      ...(name ? { name } : {}),
      telecom: telecom(row),
    };
  });
}
