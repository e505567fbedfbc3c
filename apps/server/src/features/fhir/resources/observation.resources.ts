import type { CodeableConcept, Observation } from '@medplum/fhirtypes';
import { eq, inArray } from 'drizzle-orm';
import { MEASUREMENT_TYPES } from '@recovery-portal/contract/measurements';
import type { Database } from '#app/db/client';
import { measurements } from '#app/db/schema/measurements';
import { surveyResponses } from '#app/db/schema/surveys';
import { submittedScore } from '#app/core/surveys/survey-responses';
import { submittedWithin, surveyResponseRows } from './survey-response-source';
import {
  BP_PANEL,
  CATEGORY_DISPLAY,
  DIASTOLIC_CODE,
  isLoinc,
  LOINC,
  MEASUREMENT_CATEGORY,
  MEASUREMENT_LABEL,
  OBSERVATION_CATEGORY,
  SYSTOLIC_CODE,
  UCUM,
  type ObservationCategory,
} from './codes';
import {
  BIGSERIAL_MAX_KEY,
  SERIAL_MAX_KEY,
  allOf,
  instantConditions,
  keysOf,
  type FhirContext,
  type FhirSource,
} from './fhir-source';
import {
  countBloodPressure,
  countMeasurements,
  measurementUpdatedAt,
  pageBloodPressure,
  pageMeasurements,
  type BloodPressureRow,
  type MeasurementRow,
  type SurveyResponseRow,
} from './observations.repository';
import type { ParsedSearch, Token } from '#app/features/fhir/search/search-params';

/** Every stored measurement code an Observation of its own is made from. */
const SINGLE_CODES = Object.values(MEASUREMENT_TYPES)
  .map((type) => type.code as string)
  .filter((code) => code !== SYSTOLIC_CODE && code !== DIASTOLIC_CODE);

function category(code: ObservationCategory): CodeableConcept[] {
  return [
    {
      coding: [{ system: OBSERVATION_CATEGORY, code, display: CATEGORY_DISPLAY[code] }],
      text: CATEGORY_DISPLAY[code],
    },
  ];
}

/** Categories asked for by category=, or null when the search does not filter by category. */
function wantedCategories(search: ParsedSearch): Set<string> | null {
  if (!search.category) return null;
  return new Set(
    search.category
      .filter((token) => !token.system || token.system === OBSERVATION_CATEGORY)
      .map((token) => token.code),
  );
}

function matchesSystem(token: Token, system: string): boolean {
  return token.system === undefined || token.system === system;
}

function measurementSystem(code: string, ctx: FhirContext): string {
  return isLoinc(code) ? LOINC : ctx.systems.measurement;
}

function quantity(value: number, unit: string) {
  return { value, unit, system: UCUM, code: unit };
}

function subjectOf(userId: number) {
  return { reference: `Patient/${userId}` };
}

const keyIn = (
  column: typeof measurements.id | typeof surveyResponses.id,
  keys: number[] | null,
) => (keys === null ? undefined : keys.length ? inArray(column, keys) : null);

const patientIn = (
  column: typeof measurements.userId | typeof surveyResponses.userId,
  search: ParsedSearch,
) =>
  search.patients ? (search.patients.length ? inArray(column, search.patients) : null) : undefined;

/** Telemetry, vitals and lab values, one Observation per stored measurement. */
function measurementSource(db: Database): FhirSource<MeasurementRow> {
  return {
    kind: 0,
    prefix: 'm-',
    maxKey: BIGSERIAL_MAX_KEY,
    where(search, ctx) {
      const categories = wantedCategories(search);
      let codes = categories
        ? SINGLE_CODES.filter((code) => categories.has(MEASUREMENT_CATEGORY[code] ?? ''))
        : null;
      if (search.code) {
        const asked = search.code
          .filter((token) => matchesSystem(token, measurementSystem(token.code, ctx)))
          .map((token) => token.code)
          .filter((code) => SINGLE_CODES.includes(code));
        codes = codes ? codes.filter((code) => asked.includes(code)) : asked;
      }
      return allOf([
        keyIn(measurements.id, keysOf(search, 'm-', BIGSERIAL_MAX_KEY)),
        patientIn(measurements.userId, search),
        codes === null ? undefined : codes.length ? inArray(measurements.code, codes) : null,
        ...instantConditions(measurements.measuredAt, search.date),
        ...instantConditions(measurementUpdatedAt, search.lastUpdated),
      ]);
    },
    page: (where, afterKey, limit) => pageMeasurements(db, where, afterKey, limit),
    count: (where) => countMeasurements(db, where),
    keyIs: (key) => eq(measurements.id, key),
    key: (row) => row.id,
    participant: (row) => row.userId,
    toResource(row, ctx): Observation {
      const kind = MEASUREMENT_CATEGORY[row.code];
      const label = MEASUREMENT_LABEL[row.code] ?? row.code;
      return {
        resourceType: 'Observation',
        id: `m-${row.id}`,
        // Measurements are stored once and never edited: stored (or measured) is their last change.
        meta: { lastUpdated: row.lastUpdated },
        status: 'final',
        ...(kind ? { category: category(kind) } : {}),
        code: {
          coding: [{ system: measurementSystem(row.code, ctx), code: row.code, display: label }],
          text: label,
        },
        subject: subjectOf(row.userId),
        effectiveDateTime: row.measuredAt,
        valueQuantity: quantity(row.value, row.unit),
      };
    },
  };
}

const bpWanted = (search: ParsedSearch): boolean => {
  const categories = wantedCategories(search);
  if (categories && !categories.has('vital-signs')) return false;
  return (
    !search.code ||
    search.code.some((token) => token.code === BP_PANEL.code && matchesSystem(token, LOINC))
  );
};

/** LOINC 85354-9 panels with their systolic (8480-6) and diastolic (8462-4) components. */
function bloodPressureSource(db: Database): FhirSource<BloodPressureRow> {
  return {
    kind: 1,
    prefix: 'bp-',
    maxKey: BIGSERIAL_MAX_KEY,
    where(search) {
      if (!bpWanted(search)) return null;
      return allOf([
        keyIn(measurements.id, keysOf(search, 'bp-', BIGSERIAL_MAX_KEY)),
        patientIn(measurements.userId, search),
        ...instantConditions(measurements.measuredAt, search.date),
        ...instantConditions(measurementUpdatedAt, search.lastUpdated),
      ]);
    },
    page: (where, afterKey, limit) => pageBloodPressure(db, where, afterKey, limit),
    count: (where) => countBloodPressure(db, where),
    keyIs: (key) => eq(measurements.id, key),
    key: (row) => row.id,
    participant: (row) => row.userId,
    toResource(row): Observation {
      const component = (code: string, display: string, value: number) => ({
        code: { coding: [{ system: LOINC, code, display }], text: display },
        valueQuantity: quantity(value, MEASUREMENT_TYPES.systolicBp.unit),
      });
      return {
        resourceType: 'Observation',
        id: `bp-${row.id}`,
        meta: { lastUpdated: row.lastUpdated },
        status: 'final',
        category: category('vital-signs'),
        code: { coding: [{ system: LOINC, ...BP_PANEL }], text: 'Blood pressure' },
        subject: subjectOf(row.userId),
        effectiveDateTime: row.measuredAt,
        component: [
          component(SYSTOLIC_CODE, 'Systolic blood pressure', row.value),
          ...(row.diastolic === null
            ? []
            : [component(DIASTOLIC_CODE, 'Diastolic blood pressure', row.diastolic)]),
        ],
      };
    },
  };
}

/** Survey ids asked for by code=, or null when the search does not filter by code. */
function wantedSurveys(search: ParsedSearch, ctx: FhirContext): number[] | null {
  if (!search.code) return null;
  return search.code
    .filter((token) => matchesSystem(token, ctx.systems.survey) && /^\d{1,9}$/.test(token.code))
    .map((token) => Number(token.code));
}

/** The score of each submitted survey, as the surveys feature computes it. */
function surveyScoreSource(db: Database): FhirSource<SurveyResponseRow> {
  return {
    kind: 2,
    prefix: 'score-',
    maxKey: SERIAL_MAX_KEY,
    where(search, ctx) {
      const categories = wantedCategories(search);
      if (categories && !categories.has('survey')) return null;
      const surveyIds = wantedSurveys(search, ctx);
      return allOf([
        keyIn(surveyResponses.id, keysOf(search, 'score-', SERIAL_MAX_KEY)),
        patientIn(surveyResponses.userId, search),
        surveyIds === null
          ? undefined
          : surveyIds.length
            ? inArray(surveyResponses.surveyId, surveyIds)
            : null,
        ...submittedWithin(search),
      ]);
    },
    ...surveyResponseRows(db),
    toResource(row, ctx): Observation {
      const score = submittedScore(row);
      const time = row.submittedAt?.toISOString();
      return {
        resourceType: 'Observation',
        id: `score-${row.id}`,
        ...(time ? { meta: { lastUpdated: row.storedAt?.toISOString() ?? time } } : {}),
        status: 'final',
        category: category('survey'),
        code: {
          coding: [{ system: ctx.systems.survey, code: String(row.surveyId), display: row.title }],
          text: `${row.title} score`,
        },
        subject: subjectOf(row.userId),
        ...(time ? { effectiveDateTime: time } : {}),
        ...(score === null
          ? {
              dataAbsentReason: {
                coding: [
                  {
                    system: 'http://terminology.hl7.org/CodeSystem/data-absent-reason',
                    code: 'unknown',
                  },
                ],
              },
            }
          : { valueQuantity: quantity(score, '{score}') }),
        derivedFrom: [{ reference: `QuestionnaireResponse/${row.id}` }],
      };
    },
  };
}

export function observationSources(db: Database) {
  return [measurementSource(db), bloodPressureSource(db), surveyScoreSource(db)];
}
