import {
  APP_BLOOD_PRESSURE,
  APP_OBSERVATION_KINDS,
  FHIR_WRITE_MESSAGES,
  PAIN_BODY_SITE_CODES,
  PAIN_BODY_SITE_SNOMED,
  type AppObservationKind,
} from '@recovery-portal/contract/fhir-writes';
import { MEASUREMENT_TYPES } from '@recovery-portal/contract/measurements';
import type { PainBodySite } from '@recovery-portal/contract/pain';
import type { NewMeasurement } from '#app/core/measurements/record-measurements';
import { roundTo } from '#app/core/numbers';
import { LOINC, SNOMED_CT, UCUM } from '#app/features/fhir/resources/codes';
import type { FhirContext } from '#app/features/fhir/resources/fhir-source';
import {
  arrayAt,
  codingsAt,
  identifiersOf,
  instantAt,
  malformed,
  numberAt,
  objectAt,
  optionalObjectAt,
  optionalStringAt,
  requireOwnSubject,
  resourceOf,
  statusOf,
  unprocessable,
  type JsonObject,
  type WriteIdentifier,
} from './json-input';

/** Statuses of a reading worth storing; entered-in-error, cancelled and the like are not. */
const OBSERVATION_STATUSES = ['final', 'amended', 'corrected', 'preliminary'] as const;

/** What one Observation the app sent stores. */
export interface ObservationWrite {
  /** One row, or two for a blood-pressure panel (systolic first). */
  measurements: NewMeasurement[];
  /** A pain score also goes to the participant's pain reports, with its body site. */
  pain: { score: number; bodySite: PainBodySite } | null;
  identifiers: WriteIdentifier[];
  /** The served id's prefix: m- for one value, bp- for a panel. */
  prefix: 'm-' | 'bp-';
}

const ALL_CODES = [...APP_OBSERVATION_KINDS.flatMap((k) => k.codes), APP_BLOOD_PRESSURE.panel];

/** Pain body sites by the code the app may send them as. */
function bodySiteByCode(ctx: FhirContext): Map<string, PainBodySite> {
  const sites = new Map<string, PainBodySite>();
  for (const site of PAIN_BODY_SITE_CODES) {
    sites.set(`${ctx.base}/CodeSystem/pain-body-site|${site}`, site);
    const snomed = PAIN_BODY_SITE_SNOMED[site];
    if (snomed) sites.set(`${SNOMED_CT}|${snomed}`, site);
  }
  return sites;
}

/** The system a stored code travels under: LOINC, or the portal's measurement code system. */
function systemOf(code: string, ctx: FhirContext): string {
  return /^\d{1,7}-\d$/.test(code) ? LOINC : ctx.systems.measurement;
}

function kindOf(resource: JsonObject, ctx: FhirContext): AppObservationKind | 'bloodPressure' {
  const path = 'Observation.code';
  for (const coding of codingsAt(resource.code, path)) {
    if (coding.system !== systemOf(coding.code, ctx)) continue;
    if (coding.code === APP_BLOOD_PRESSURE.panel) return 'bloodPressure';
    const kind = APP_OBSERVATION_KINDS.find((k) => k.codes.includes(coding.code));
    if (kind) return kind;
  }
  throw unprocessable(
    FHIR_WRITE_MESSAGES.unknownCode(`${path}.coding`, ALL_CODES),
    `${path}.coding`,
    'code-invalid',
  );
}

/** A Quantity's value in the stored unit, with its unit checked against `units`. */
function quantityIn(
  value: unknown,
  path: string,
  units: Readonly<Record<string, number>>,
): { value: number; factor: number } {
  const quantity = objectAt(value, path);
  const amount = numberAt(quantity.value, `${path}.value`);
  const system = optionalStringAt(quantity.system, `${path}.system`);
  if (system !== undefined && system !== UCUM) {
    throw unprocessable(FHIR_WRITE_MESSAGES.unitSystem(`${path}.system`), `${path}.system`);
  }
  // The UCUM code is the unit; without one, the human-readable unit must be the UCUM code.
  const unitPath = quantity.code === undefined ? `${path}.unit` : `${path}.code`;
  const unit = quantity.code ?? quantity.unit;
  if (unit === undefined) {
    throw malformed(FHIR_WRITE_MESSAGES.required(`${path}.code`), `${path}.code`, 'required');
  }
  const factor = typeof unit === 'string' ? units[unit] : undefined;
  if (factor === undefined) {
    throw unprocessable(
      FHIR_WRITE_MESSAGES.wrongUnit(unitPath, Object.keys(units)),
      unitPath,
      'code-invalid',
    );
  }
  return { value: amount, factor };
}

function inRange(
  value: number,
  path: string,
  range: { min: number; max: number; integer: boolean },
  unit: string,
): number {
  if (range.integer && !Number.isInteger(value)) {
    throw unprocessable(FHIR_WRITE_MESSAGES.notInteger(path), path);
  }
  if (value < range.min || value > range.max) {
    throw unprocessable(FHIR_WRITE_MESSAGES.outOfRange(path, range.min, range.max, unit), path);
  }
  return value;
}

function singleValue(resource: JsonObject, kind: AppObservationKind): number {
  const path = 'Observation.valueQuantity';
  const { value, factor } = quantityIn(resource.valueQuantity, path, kind.units);
  const stored = factor === 1 ? value : roundTo(value * factor, 3);
  return inRange(stored, `${path}.value`, kind, MEASUREMENT_TYPES[kind.key].unit);
}

function bloodPressure(resource: JsonObject): { systolic: number; diastolic: number } {
  const path = 'Observation.component';
  const units = { [APP_BLOOD_PRESSURE.unit]: 1 };
  const found: Partial<Record<'systolic' | 'diastolic', number>> = {};
  arrayAt(resource.component, path).forEach((item, index) => {
    const at = `${path}[${index}]`;
    const component = objectAt(item, at);
    const codes = codingsAt(component.code, `${at}.code`);
    for (const part of ['systolic', 'diastolic'] as const) {
      const { code, min, max } = APP_BLOOD_PRESSURE[part];
      if (!codes.some((c) => c.code === code && c.system === LOINC)) continue;
      const { value } = quantityIn(component.valueQuantity, `${at}.valueQuantity`, units);
      found[part] = inRange(
        value,
        `${at}.valueQuantity.value`,
        { min, max, integer: false },
        APP_BLOOD_PRESSURE.unit,
      );
    }
  });
  const { systolic, diastolic } = found;
  if (systolic === undefined || diastolic === undefined) {
    throw malformed(FHIR_WRITE_MESSAGES.required(`${path} (8480-6 and 8462-4)`), path, 'required');
  }
  if (systolic <= diastolic) throw unprocessable(FHIR_WRITE_MESSAGES.bloodPressureOrder, path);
  return { systolic, diastolic };
}

function bodySiteOf(resource: JsonObject, ctx: FhirContext): PainBodySite {
  const path = 'Observation.bodySite';
  if (resource.bodySite === undefined) {
    throw malformed(FHIR_WRITE_MESSAGES.required(path), path, 'required');
  }
  const sites = bodySiteByCode(ctx);
  for (const coding of codingsAt(resource.bodySite, path)) {
    const site = sites.get(`${coding.system ?? ''}|${coding.code}`);
    if (site) return site;
  }
  throw unprocessable(FHIR_WRITE_MESSAGES.bodySite(path), path, 'code-invalid');
}

/** When the reading was taken: effectiveDateTime, effectiveInstant or effectivePeriod.start. */
function effectiveOf(resource: JsonObject, now: Date): Date {
  if (resource.effectiveDateTime !== undefined) {
    return instantAt(resource.effectiveDateTime, 'Observation.effectiveDateTime', now);
  }
  if (resource.effectiveInstant !== undefined) {
    return instantAt(resource.effectiveInstant, 'Observation.effectiveInstant', now);
  }
  const period = optionalObjectAt(resource.effectivePeriod, 'Observation.effectivePeriod');
  if (period) return instantAt(period.start, 'Observation.effectivePeriod.start', now);
  throw malformed(
    FHIR_WRITE_MESSAGES.required('Observation.effective[x]'),
    'Observation.effective[x]',
    'required',
  );
}

/**
 * Reads an Observation the participant's app sent: one of the kinds it may send, about the
 * token's patient, with a UCUM unit of its kind, a plausible value and a time no more than a day
 * ahead. The value is converted into the stored unit (pounds into kilograms).
 */
export function readObservation(
  body: unknown,
  ctx: FhirContext,
  caller: { patientId: number; now: Date },
): ObservationWrite {
  const resource = resourceOf(body, 'Observation');
  statusOf(resource, 'Observation', OBSERVATION_STATUSES);
  requireOwnSubject(resource.subject, 'Observation.subject', caller.patientId, ctx.base);
  const kind = kindOf(resource, ctx);
  const measuredAt = effectiveOf(resource, caller.now);
  const identifiers = identifiersOf(resource, 'Observation');
  const row = (code: string, unit: string, value: number): NewMeasurement => ({
    userId: caller.patientId,
    code,
    value,
    unit,
    measuredAt,
    source: 'HOME',
  });
  if (kind === 'bloodPressure') {
    const { systolic, diastolic } = bloodPressure(resource);
    return {
      measurements: [
        row(APP_BLOOD_PRESSURE.systolic.code, APP_BLOOD_PRESSURE.unit, systolic),
        row(APP_BLOOD_PRESSURE.diastolic.code, APP_BLOOD_PRESSURE.unit, diastolic),
      ],
      pain: null,
      identifiers,
      prefix: 'bp-',
    };
  }
  const value = singleValue(resource, kind);
  const stored = MEASUREMENT_TYPES[kind.key];
  return {
    measurements: [row(stored.code, stored.unit, value)],
    pain: kind.key === 'painScore' ? { score: value, bodySite: bodySiteOf(resource, ctx) } : null,
    identifiers,
    prefix: 'm-',
  };
}
