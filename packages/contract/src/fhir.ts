/**
 * The read-only FHIR R4 API (HL7 FHIR 4.0.1) served next to the portal's own API: where it
 * lives, what it serves and the sentences its OperationOutcomes carry.
 */

export const FHIR_VERSION = '4.0.1';
export const FHIR_BASE_PATH = '/fhir/R4';
export const FHIR_CONTENT_TYPE = 'application/fhir+json';

/** Every resource type the API serves, in the order the CapabilityStatement lists them. */
export const FHIR_RESOURCE_TYPES = [
  'Patient',
  'Practitioner',
  'Observation',
  'Procedure',
  'ImagingStudy',
  'Flag',
  'Communication',
  'Questionnaire',
  'QuestionnaireResponse',
  'Group',
] as const;
export type FhirResourceType = (typeof FHIR_RESOURCE_TYPES)[number];

/** Page size of a search without _count, and the largest _count honoured. */
export const FHIR_DEFAULT_COUNT = 50;
export const FHIR_MAX_COUNT = 500;
/**
 * The CapabilityStatement and SMART configuration describe the server, not anyone's data, and
 * change only with a new release: caches may keep them an hour. Every other answer is no-store.
 */
export const FHIR_DISCOVERY_CACHE_CONTROL = 'public, max-age=3600';

export const FHIR_MESSAGES = {
  unauthenticated: 'Sign in first: send an access token as "Authorization: Bearer <token>".',
  tokenInvalid: 'The access token is invalid, expired or its session has ended.',
  forbidden: (type: string) => `Your role may not read ${type} resources.`,
  exportForbidden:
    "A participant's app cannot run a bulk export: it reads its own data with searches.",
  notFound: (type: string, id: string) => `There is no ${type} with id "${id}".`,
  unknownType: (type: string) => `This server does not serve the resource type "${type}".`,
  unknownPath: 'There is no FHIR endpoint at this address.',
  unknownParameter: (name: string, type: string) =>
    `The search parameter "${name}" is not supported for ${type}.`,
  repeatedParameter: (name: string) => `The search parameter "${name}" may be given only once.`,
  invalidCount: `_count must be a whole number from 0 to ${FHIR_MAX_COUNT}.`,
  invalidSummary: '_summary supports only "count".',
  invalidFormat: '_format supports only JSON (json, application/json, application/fhir+json).',
  invalidDate: (name: string) =>
    `${name} must be a date (YYYY, YYYY-MM, YYYY-MM-DD or a full date-time) with an optional prefix eq, lt, le, gt or ge.`,
  invalidReference: (name: string) => `${name} must be a Patient id, written 123 or Patient/123.`,
  invalidToken: (name: string) => `${name} must be a code, written code or system|code.`,
  invalidString: (name: string) => `${name} must be text of 1 to 256 characters.`,
  invalidId: '_id must be a resource id (letters, digits, "-" and "." only, at most 64).',
  invalidCursor: 'The paging link is invalid; start the search again.',
  methodNotAllowed:
    'This address takes no such method: resources are read with GET, and the app creates Observation, QuestionnaireResponse and Communication with POST.',
  bodyTooLarge: 'The request body is too large for this endpoint.',
  unsupportedMediaType:
    'Send resources as application/fhir+json (or application/json), and the token request as application/x-www-form-urlencoded.',
  malformedBody: 'The request body is not valid for its content type.',
  contentLength: 'The Content-Length header does not match the body.',
  malformedAddress: 'The address contains a malformed %-escape.',
  addressTooLong: 'The address is too long.',
  refused: (status: number) => `The request was refused (HTTP ${status}).`,
  internal: 'The server failed to answer; the error has been logged.',
  databaseUnavailable: 'The database is unavailable; try again shortly.',
} as const;

/** Bulk Data $export (HL7 FHIR Bulk Data Access IG 2.0). */
export const FHIR_EXPORT_LEVELS = ['system', 'patient', 'group'] as const;
export type FhirExportLevel = (typeof FHIR_EXPORT_LEVELS)[number];
export const FHIR_EXPORT_STATUSES = ['in-progress', 'completed', 'failed', 'cancelled'] as const;
export const FHIR_NDJSON_CONTENT_TYPE = 'application/fhir+ndjson';
/** Finished exports' files are deleted this long after completion. */
export const FHIR_EXPORT_TTL_HOURS = 24;
/** Seconds a client is asked to wait between polls. */
export const FHIR_EXPORT_RETRY_AFTER_SECONDS = 2;
/** Seconds a caller whose export still runs is asked to wait before starting another. */
export const FHIR_EXPORT_BUSY_RETRY_AFTER_SECONDS = 30;

export const FHIR_EXPORT_MESSAGES = {
  preferRequired: 'Bulk export runs asynchronously: send the header "Prefer: respond-async".',
  outputFormat: '_outputFormat supports only application/fhir+ndjson.',
  unknownType: (type: string) => `_type names "${type}", which this server does not export.`,
  notInCompartment: (type: string) =>
    `${type} is not about one participant, so a Patient or Group export does not include it.`,
  invalidSince: '_since must be a full date-time with a time zone, e.g. 2026-01-01T00:00:00Z.',
  unknownParameter: (name: string) => `The $export parameter "${name}" is not supported.`,
  groupNotFound: (id: string) => `There is no Group with id "${id}".`,
  jobNotFound: 'There is no such export, or it has expired or been cancelled.',
  fileNotFound: (name: string) =>
    `This export wrote no file "${name}": its manifest lists the files it wrote.`,
  busy: (statusUrl: string) =>
    `Your export ${statusUrl} is still running: wait for it to finish, or cancel it, before starting another.`,
  failed: 'The export failed; the error has been logged. Start it again.',
  cancelled: 'The export was cancelled and its files deleted.',
} as const;
