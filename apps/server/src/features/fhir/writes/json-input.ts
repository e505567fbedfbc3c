import { FHIR_WRITE_LIMITS, FHIR_WRITE_MESSAGES } from '@recovery-portal/contract/fhir-writes';
import { FhirError, type IssueType } from '#app/features/fhir/fhir-error';

/**
 * Reading a resource the caller sent, element by element: every refusal is a FhirError naming
 * the element at fault as a FHIRPath (Observation.valueQuantity.code), so the app can point at it.
 */

export type JsonObject = Record<string, unknown>;

/** 400: the element is missing or of the wrong JSON type. */
export function malformed(message: string, path: string, issue: IssueType = 'structure') {
  return new FhirError(400, issue, message, undefined, path);
}

/** 422: well-formed, but a value the rules refuse (unknown code, out of range, in the future). */
export function unprocessable(message: string, path: string, issue: IssueType = 'value') {
  return new FhirError(422, issue, message, undefined, path);
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function objectAt(value: unknown, path: string): JsonObject {
  if (value === undefined) throw malformed(FHIR_WRITE_MESSAGES.required(path), path, 'required');
  if (!isObject(value)) throw malformed(FHIR_WRITE_MESSAGES.wrongType(path, 'an object'), path);
  return value;
}

export function optionalObjectAt(value: unknown, path: string): JsonObject | undefined {
  return value === undefined ? undefined : objectAt(value, path);
}

export function arrayAt(value: unknown, path: string): unknown[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw malformed(FHIR_WRITE_MESSAGES.wrongType(path, 'an array'), path);
  return value;
}

export function stringAt(value: unknown, path: string): string {
  if (value === undefined) throw malformed(FHIR_WRITE_MESSAGES.required(path), path, 'required');
  if (typeof value !== 'string' || value.trim() === '') {
    throw malformed(FHIR_WRITE_MESSAGES.wrongType(path, 'a non-empty string'), path);
  }
  return value;
}

export function optionalStringAt(value: unknown, path: string): string | undefined {
  return value === undefined ? undefined : stringAt(value, path);
}

export function numberAt(value: unknown, path: string): number {
  if (value === undefined) throw malformed(FHIR_WRITE_MESSAGES.required(path), path, 'required');
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw malformed(FHIR_WRITE_MESSAGES.wrongType(path, 'a number'), path);
  }
  return value;
}

/** The body's resourceType must be the type posted to. */
export function resourceOf(body: unknown, type: string): JsonObject {
  if (!isObject(body)) {
    throw malformed(FHIR_WRITE_MESSAGES.notAnObject(type), type);
  }
  if (body.resourceType !== type) {
    throw malformed(FHIR_WRITE_MESSAGES.wrongResourceType(type), `${type}.resourceType`);
  }
  return body;
}

/** The status must be one of `allowed`. */
export function statusOf(resource: JsonObject, type: string, allowed: readonly string[]): string {
  const path = `${type}.status`;
  const status = stringAt(resource.status, path);
  if (!allowed.includes(status)) {
    throw unprocessable(FHIR_WRITE_MESSAGES.status(path, allowed), path, 'code-invalid');
  }
  return status;
}

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(Z|[+-]\d{2}:\d{2}))?$/;

/**
 * A FHIR dateTime of a reading: a day (read as its UTC midnight) or a time with its zone, from
 * the year 2000 to a day ahead of `now` (a phone's clock may run ahead, not a week).
 */
export function instantAt(value: unknown, path: string, now: Date): Date {
  const text = stringAt(value, path);
  const match = DATE_TIME.exec(text);
  const [, year, month, day] = match ?? [];
  const at = match ? new Date(match[4] === undefined ? `${text}T00:00:00Z` : text) : null;
  const calendarDay = `${year ?? ''}-${month ?? ''}-${day ?? ''}`;
  // A day that does not exist (2026-02-30) rolls over in Date: compare the calendar day back.
  if (
    !at ||
    Number.isNaN(at.getTime()) ||
    new Date(`${calendarDay}T00:00:00Z`).toISOString().slice(0, 10) !== calendarDay
  ) {
    throw malformed(FHIR_WRITE_MESSAGES.invalidTime(path), path, 'invalid');
  }
  if (at.getTime() > now.getTime() + FHIR_WRITE_LIMITS.futureSkewMs) {
    throw unprocessable(FHIR_WRITE_MESSAGES.timeInFuture(path), path);
  }
  if (at.getTime() < Date.parse(FHIR_WRITE_LIMITS.earliest)) {
    throw unprocessable(FHIR_WRITE_MESSAGES.timeTooEarly(path), path);
  }
  return at;
}

/** The id of `Patient/<id>` (relative, or absolute under this server's base); null otherwise. */
export function patientIdOf(reference: string, base: string): number | null {
  const relative = reference.startsWith(`${base}/`) ? reference.slice(base.length + 1) : reference;
  const match = /^Patient\/(\d{1,9})$/.exec(relative);
  return match ? Number(match[1]) : null;
}

/** A Reference's `reference` text, or undefined when the element is absent. */
export function referenceAt(value: unknown, path: string): string | undefined {
  const reference = optionalObjectAt(value, path);
  return reference ? stringAt(reference.reference, `${path}.reference`) : undefined;
}

/** The resource must be about the caller's patient: another participant is refused with 403. */
export function requireOwnSubject(
  value: unknown,
  path: string,
  patientId: number,
  base: string,
): void {
  const reference = referenceAt(value, path);
  if (reference === undefined) {
    throw malformed(FHIR_WRITE_MESSAGES.required(path), path, 'required');
  }
  if (patientIdOf(reference, base) !== patientId) {
    throw new FhirError(
      403,
      'forbidden',
      FHIR_WRITE_MESSAGES.subjectMismatch(`${path}.reference`),
      undefined,
      `${path}.reference`,
    );
  }
}

export interface WriteIdentifier {
  system: string;
  value: string;
}

/** The resource's identifiers (system and value both), kept for conditional creates. */
export function identifiersOf(resource: JsonObject, type: string): WriteIdentifier[] {
  const path = `${type}.identifier`;
  const items = arrayAt(resource.identifier, path);
  if (items.length > FHIR_WRITE_LIMITS.maxIdentifiers) {
    throw unprocessable(
      FHIR_WRITE_MESSAGES.tooMany(path, FHIR_WRITE_LIMITS.maxIdentifiers),
      path,
      'too-long',
    );
  }
  return items.map((item, index) => {
    const at = `${path}[${index}]`;
    const identifier = objectAt(item, at);
    return {
      system: boundedString(identifier.system, `${at}.system`),
      value: boundedString(identifier.value, `${at}.value`),
    };
  });
}

function boundedString(value: unknown, path: string): string {
  const text = stringAt(value, path);
  if (text.length > FHIR_WRITE_LIMITS.maxIdentifierLength) {
    throw unprocessable(
      FHIR_WRITE_MESSAGES.tooLong(path, FHIR_WRITE_LIMITS.maxIdentifierLength),
      path,
      'too-long',
    );
  }
  return text;
}

/** The codings of a CodeableConcept, each with its system (if any) and code. */
export function codingsAt(value: unknown, path: string): { system?: string; code: string }[] {
  const concept = objectAt(value, path);
  return arrayAt(concept.coding, `${path}.coding`).flatMap((item, index) => {
    const at = `${path}.coding[${index}]`;
    const coding = objectAt(item, at);
    if (coding.code === undefined) return [];
    const system = optionalStringAt(coding.system, `${at}.system`);
    return [{ ...(system ? { system } : {}), code: stringAt(coding.code, `${at}.code`) }];
  });
}
