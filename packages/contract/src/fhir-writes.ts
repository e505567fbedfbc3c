import { MEASUREMENT_TYPES, type MeasurementKey } from './measurements';
import { PAIN_BODY_SITES, type PainBodySite } from './pain';

/**
 * What the participant's app writes through the FHIR API (FHIR R4 create and batch): the
 * Observations it may send with their units and plausible ranges, the limits of a request, and
 * the sentences its OperationOutcomes carry. docs/participant-app.md describes it for app
 * developers.
 */

export const FHIR_WRITE_LIMITS = {
  /** Largest request body of a create or a batch. */
  maxBodyBytes: 2 * 1024 * 1024,
  /** Entries of one batch Bundle: a week offline with hourly heart rates fits several times. */
  maxBatchEntries: 1000,
  /** How far ahead of the server's clock a time may be (a phone's clock or time zone off). */
  futureSkewMs: 24 * 60 * 60 * 1000,
  /** The earliest time a reading may carry. */
  earliest: '2000-01-01T00:00:00Z',
  /** A message to or from the coach. */
  maxMessageLength: 4000,
  /** An identifier's system or value. */
  maxIdentifierLength: 256,
  /** Identifiers one resource may carry. */
  maxIdentifiers: 5,
} as const;

/**
 * One kind of Observation the app sends: the LOINC (or portal) codes it is recognised by (the
 * first is the one stored and served), the UCUM units accepted with the factor that converts
 * each into the stored unit, and the range a real reading falls in, in the stored unit.
 */
export interface AppObservationKind {
  key: MeasurementKey;
  codes: readonly string[];
  units: Readonly<Record<string, number>>;
  min: number;
  max: number;
  /** Counts and scales take whole numbers only. */
  integer: boolean;
}

const kind = (
  key: MeasurementKey,
  units: Readonly<Record<string, number>>,
  range: { min: number; max: number; integer?: boolean },
  alsoCodes: readonly string[] = [],
): AppObservationKind => ({
  key,
  codes: [MEASUREMENT_TYPES[key].code, ...alsoCodes],
  units,
  min: range.min,
  max: range.max,
  integer: range.integer ?? false,
});

const LB_IN_KG = 0.45359237;
const INCH_IN_CM = 2.54;
const MILE_IN_KM = 1.609344;

/** Every single-value Observation the app may send (blood pressure is a panel, below). */
export const APP_OBSERVATION_KINDS: readonly AppObservationKind[] = [
  kind('steps', { '{steps}': 1 }, { min: 0, max: 100_000, integer: true }),
  kind('activityMinutes', { min: 1, h: 60 }, { min: 0, max: 1440 }),
  kind('distance', { km: 1, m: 0.001, '[mi_i]': MILE_IN_KM }, { min: 0, max: 300 }),
  kind('caloriesOut', { kcal: 1 }, { min: 0, max: 20_000 }),
  kind('weight', { kg: 1, '[lb_av]': LB_IN_KG, g: 0.001 }, { min: 1, max: 500 }),
  kind('bodyHeight', { cm: 1, m: 100, '[in_i]': INCH_IN_CM }, { min: 30, max: 272 }),
  kind('heartRate', { '/min': 1 }, { min: 20, max: 300 }),
  // 2708-6 (arterial oxygen saturation) is what the FHIR vital-signs profile names; a phone's
  // pulse oximeter measures 59408-5, which is stored.
  kind('oxygenSaturation', { '%': 1 }, { min: 50, max: 100 }, ['2708-6']),
  kind('sleepDuration', { min: 1, h: 60 }, { min: 0, max: 1440 }),
  kind('mood', { '{score}': 1 }, { min: 1, max: 5, integer: true }),
  kind('painScore', { '{score}': 1 }, { min: 0, max: 10, integer: true }),
];

/** LOINC 85354-9 with its systolic (8480-6) and diastolic (8462-4) components, in mm[Hg]. */
export const APP_BLOOD_PRESSURE = {
  panel: '85354-9',
  unit: 'mm[Hg]',
  systolic: { code: MEASUREMENT_TYPES.systolicBp.code, min: 40, max: 300 },
  diastolic: { code: MEASUREMENT_TYPES.diastolicBp.code, min: 20, max: 200 },
} as const;

/**
 * The pain report's body site (Observation.bodySite): SNOMED CT body structures, or the portal's
 * own code system `<FHIR base>/CodeSystem/pain-body-site` with the names below (OTHER has no
 * SNOMED CT concept of its own).
 */
export const PAIN_BODY_SITE_SNOMED: Readonly<Partial<Record<PainBodySite, string>>> = {
  LEFT_KNEE: '82169009',
  RIGHT_KNEE: '6757004',
  LEFT_HIP: '287679003',
  RIGHT_HIP: '287579007',
  LEFT_SHOULDER: '91775009',
  RIGHT_SHOULDER: '91774008',
  LOWER_BACK: '37822005',
  CHEST: '51185008',
};
export const PAIN_BODY_SITE_CODES: readonly PainBodySite[] = PAIN_BODY_SITES;

/** Communication.category of a message between a participant and the coach. */
export const COACH_COMMUNICATION_CATEGORY = 'coach';
/** Messages this close together join one conversation on the coach screens. */
export const COACH_THREAD_GAP_MS = 6 * 60 * 60 * 1000;
/** The summary a conversation held in the app carries on the coach list. */
export const APP_CHAT_SUMMARY = 'Messages in the app';

const list = (items: readonly string[]) => items.join(', ');

export const FHIR_WRITE_MESSAGES = {
  notAnObject: (type: string) => `The body must be a JSON ${type} resource.`,
  wrongResourceType: (type: string) => `resourceType must be "${type}" at this address.`,
  createForbidden: (type: string) => `Your access token may not create ${type} resources.`,
  required: (path: string) => `${path} is required.`,
  wrongType: (path: string, expected: string) => `${path} must be ${expected}.`,
  tooLong: (path: string, max: number) => `${path} must be at most ${max} characters.`,
  tooMany: (path: string, max: number) => `${path} may hold at most ${max} entries.`,
  subjectMismatch: (path: string) =>
    `${path} must be the patient your access token was issued for (Patient/<your id>).`,
  unknownCode: (path: string, codes: readonly string[]) =>
    `${path} has no code this server takes; send one of ${list(codes)} (http://loinc.org).`,
  wrongUnit: (path: string, units: readonly string[]) =>
    `${path} must be one of the UCUM units ${list(units)}.`,
  unitSystem: (path: string) => `${path} must be http://unitsofmeasure.org (UCUM).`,
  outOfRange: (path: string, min: number, max: number, unit: string) =>
    `${path} must be from ${min} to ${max} ${unit}.`,
  notInteger: (path: string) => `${path} must be a whole number.`,
  invalidTime: (path: string) =>
    `${path} must be a date (YYYY-MM-DD) or a date-time with a time zone, e.g. 2026-03-01T09:30:00Z.`,
  timeInFuture: (path: string) =>
    `${path} must not be more than a day ahead of the server's clock.`,
  timeTooEarly: (path: string) => `${path} must not be before the year 2000.`,
  status: (path: string, allowed: readonly string[]) => `${path} must be one of ${list(allowed)}.`,
  bodySite: (path: string) =>
    `${path} must name the body site as SNOMED CT (${list(Object.values(PAIN_BODY_SITE_SNOMED))}) or CodeSystem/pain-body-site (${list(PAIN_BODY_SITES)}).`,
  bloodPressureOrder: 'The systolic pressure must be above the diastolic pressure.',
  questionnaireUnknown: (path: string) =>
    `${path} must be the canonical URL of one of the programme's Questionnaires, as GET Questionnaire serves it.`,
  linkIdUnknown: (path: string) => `${path} names no item of the Questionnaire.`,
  linkIdRepeated: (path: string) => `${path} answers an item that was already answered.`,
  oneAnswer: (path: string) => `${path} may hold one answer: every item is single-choice.`,
  optionUnknown: (path: string) =>
    `${path} must be one of the item's answerOption codings (code and system as the Questionnaire gives them).`,
  noOpenSlot: (path: string) =>
    `${path}: this participant has no open survey of this Questionnaire to fill; every scheduled one is submitted or not applicable.`,
  categoryCoach: (path: string) =>
    `${path} must be the coach category (CodeSystem/communication-category, code coach).`,
  participantToCoach:
    "A participant's message goes to the coach: Communication.sender is the participant (or absent), and recipient names no one else.",
  coachToParticipant:
    'A coach reply names the participant as Communication.recipient (or subject), one participant.',
  participantNotFound: (path: string) => `${path} names no participant.`,
  inResponseToUnknown: (path: string) =>
    `${path} must name a message of this participant's conversations (Communication/msg-<id>).`,
  conditionalInvalid:
    'If-None-Exist supports one identifier: identifier=<system>|<value>, both given.',
  batchType: 'Bundle.type must be "batch" (a transaction is not supported).',
  batchTooLarge: `A batch may hold at most ${FHIR_WRITE_LIMITS.maxBatchEntries} entries; send the rest in another.`,
  batchEntry:
    'Each entry must be a POST of an Observation, QuestionnaireResponse or Communication.',
  batchNested: 'A batch may not hold another Bundle.',
} as const;
