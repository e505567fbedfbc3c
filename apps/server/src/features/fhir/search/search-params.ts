import { FHIR_DEFAULT_COUNT, FHIR_MAX_COUNT, FHIR_MESSAGES } from '@recovery-portal/contract/fhir';
import { FhirError } from '#app/features/fhir/fhir-error';

/** Search parameters every resource type takes, besides its own. */
const COMMON = ['_id', '_count', '_summary', '_format', '_cursor'] as const;
/** Parameters that may repeat (AND: `date=ge2026-01-01&date=lt2026-02-01`). */
const REPEATABLE = new Set(['date', 'started', '_lastUpdated']);

export type SearchParamName =
  | '_lastUpdated'
  | 'patient'
  | 'subject'
  | 'date'
  | 'started'
  | 'code'
  | 'category'
  | 'identifier'
  | 'name';

/** A half-open time range [from, to): either end may be open. */
export interface DateBound {
  from?: Date;
  to?: Date;
}

export interface Token {
  system?: string;
  code: string;
}

export interface ParsedSearch {
  ids?: string[];
  count: number;
  summaryCount: boolean;
  lastUpdated: DateBound[];
  /** Participants named by patient= and subject= (both given: only ids in both). */
  patients?: number[];
  date: DateBound[];
  code?: Token[];
  category?: Token[];
  identifier?: Token[];
  /** A string search (name=): matches values starting with it, ignoring case. */
  name?: string;
  cursor?: Cursor;
  /** The query as given, without the paging cursor, for self and next links. */
  echo: URLSearchParams;
}

/** Where the previous page ended: the id prefix of its kind of row and the row's key. */
export interface Cursor {
  kind: number;
  key: number;
}

const ID = /^[A-Za-z0-9\-.]{1,64}$/;

function bad(message: string): FhirError {
  return new FhirError(400, 'invalid', message);
}

function parseCount(value: string): number {
  if (!/^\d{1,4}$/.test(value)) throw bad(FHIR_MESSAGES.invalidCount);
  const count = Number(value);
  if (count > FHIR_MAX_COUNT) throw bad(FHIR_MESSAGES.invalidCount);
  return count;
}

const DATE_VALUE =
  /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?)?)?$/;

/** Midnight UTC of a calendar day; Date.UTC alone reads years 0–99 as 1900–1999. */
function utcDay(year: number, monthIndex: number, day: number): Date {
  const date = new Date(Date.UTC(2000, monthIndex, day));
  date.setUTCFullYear(year, monthIndex, day);
  return date;
}

/** The first instant of year 1, the earliest PostgreSQL's timestamptz reads as written (AD). */
const EARLIEST = utcDay(1, 0, 1).getTime();

/** The instant range a FHIR date value covers: a year, a month, a day or one second. */
function dateRange(value: string, name: string): { start: Date; end: Date } {
  const match = DATE_VALUE.exec(value);
  if (!match) throw bad(FHIR_MESSAGES.invalidDate(name));
  const [, year, month, day, hour] = match;
  const y = Number(year);
  let start: Date;
  let end: Date;
  if (hour !== undefined) {
    start = new Date(value);
    end = new Date(start.getTime() + 1000);
  } else if (day !== undefined) {
    start = utcDay(y, Number(month) - 1, Number(day));
    end = utcDay(y, Number(month) - 1, Number(day) + 1);
    if (start.getUTCDate() !== Number(day)) throw bad(FHIR_MESSAGES.invalidDate(name));
  } else if (month !== undefined) {
    if (Number(month) < 1 || Number(month) > 12) throw bad(FHIR_MESSAGES.invalidDate(name));
    start = utcDay(y, Number(month) - 1, 1);
    end = utcDay(y, Number(month), 1);
  } else {
    start = utcDay(y, 0, 1);
    end = utcDay(y + 1, 0, 1);
  }
  // FHIR has no year 0000; a time zone may still push year 0001 back into it.
  if (Number.isNaN(start.getTime()) || start.getTime() < EARLIEST) {
    throw bad(FHIR_MESSAGES.invalidDate(name));
  }
  return { start, end };
}

function parseDate(raw: string, name: string): DateBound {
  const prefix = /^(eq|lt|le|gt|ge)/.exec(raw)?.[1] ?? 'eq';
  const { start, end } = dateRange(raw.slice(/^(eq|lt|le|gt|ge)/.test(raw) ? 2 : 0), name);
  switch (prefix) {
    case 'lt':
      return { to: start };
    case 'le':
      return { to: end };
    case 'gt':
      return { from: end };
    case 'ge':
      return { from: start };
    default:
      return { from: start, to: end };
  }
}

function parseTokens(raw: string, name: string): Token[] {
  return raw.split(',').map((part) => {
    const bar = part.indexOf('|');
    const system = bar >= 0 ? part.slice(0, bar) : undefined;
    const code = bar >= 0 ? part.slice(bar + 1) : part;
    if (!code || code.length > 256 || (system !== undefined && system.length > 256)) {
      throw bad(FHIR_MESSAGES.invalidToken(name));
    }
    return system ? { system, code } : { code };
  });
}

function parseReferences(raw: string, name: string): number[] {
  return raw.split(',').map((part) => {
    const match = /^(?:Patient\/)?(\d{1,9})$/.exec(part);
    if (!match) throw bad(FHIR_MESSAGES.invalidReference(name));
    return Number(match[1]);
  });
}

function parseCursor(raw: string): Cursor {
  const match = /^(\d{1,2})\.(\d{1,15})$/.exec(raw);
  if (!match) throw bad(FHIR_MESSAGES.invalidCursor);
  return { kind: Number(match[1]), key: Number(match[2]) };
}

function intersect(a: number[] | undefined, b: number[]): number[] {
  return a === undefined ? b : a.filter((id) => b.includes(id));
}

/**
 * Parses a search's query (Fastify gives repeated keys as arrays) against the parameters the
 * resource type supports; anything else is refused with 400, as the CapabilityStatement lists.
 */
export function parseSearch(
  type: string,
  query: Record<string, string | string[] | undefined>,
  supported: readonly SearchParamName[],
): ParsedSearch {
  const known = new Set<string>([...COMMON, ...supported]);
  const parsed: ParsedSearch = {
    count: FHIR_DEFAULT_COUNT,
    summaryCount: false,
    lastUpdated: [],
    date: [],
    echo: new URLSearchParams(),
  };
  for (const [name, given] of Object.entries(query)) {
    if (given === undefined) continue;
    if (!known.has(name)) throw bad(FHIR_MESSAGES.unknownParameter(name, type));
    const values = Array.isArray(given) ? given : [given];
    if (values.length > 1 && !REPEATABLE.has(name))
      throw bad(FHIR_MESSAGES.repeatedParameter(name));
    for (const value of values) {
      if (name !== '_cursor') parsed.echo.append(name, value);
      switch (name) {
        case '_id':
          parsed.ids = value.split(',');
          if (parsed.ids.some((id) => !ID.test(id))) throw bad(FHIR_MESSAGES.invalidId);
          break;
        case '_count':
          parsed.count = parseCount(value);
          break;
        case '_summary':
          if (value !== 'count') throw bad(FHIR_MESSAGES.invalidSummary);
          parsed.summaryCount = true;
          break;
        case '_format':
          if (!['json', 'application/json', 'application/fhir+json'].includes(value)) {
            throw bad(FHIR_MESSAGES.invalidFormat);
          }
          break;
        case '_cursor':
          parsed.cursor = parseCursor(value);
          break;
        case '_lastUpdated':
          parsed.lastUpdated.push(parseDate(value, name));
          break;
        // ImagingStudy's own name for its date (FHIR R4 search parameter ImagingStudy-started).
        case 'started':
        case 'date':
          parsed.date.push(parseDate(value, name));
          break;
        case 'patient':
        case 'subject':
          parsed.patients = intersect(parsed.patients, parseReferences(value, name));
          break;
        case 'code':
          parsed.code = parseTokens(value, name);
          break;
        case 'category':
          parsed.category = parseTokens(value, name);
          break;
        case 'identifier':
          parsed.identifier = parseTokens(value, name);
          break;
        case 'name':
          if (!value || value.length > 256) throw bad(FHIR_MESSAGES.invalidString(name));
          parsed.name = value;
          break;
      }
    }
  }
  return parsed;
}
