import type { Resource } from '@medplum/fhirtypes';
import { and, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { LocalSystems } from './codes';
import type { DateBound, ParsedSearch } from '#app/features/fhir/search/search-params';

/** What mapping a row to a resource needs besides the row. */
export interface FhirContext {
  /** The FHIR base address, e.g. https://portal.example/fhir/R4. */
  base: string;
  systems: LocalSystems;
}

/**
 * One table (or one kind of row of a table) a resource type is served from. A type served from
 * several (Observation: measurements, blood-pressure pairs, survey scores) walks its sources in
 * `kind` order; each source pages by its integer key, so a page is an index range scan.
 */
export interface FhirSource<Row> {
  /** Order among the type's sources and the cursor's first part. */
  kind: number;
  /** Prefix of the resource id before the key ('' for a type served from one source). */
  prefix: string;
  /** The search's conditions for this source; null when no row of it can match. */
  where(search: ParsedSearch, ctx: FhirContext): SQL | undefined | null;
  /** Rows matching `where` with key above `afterKey`, by key, at most `limit`. */
  page(where: SQL | undefined, afterKey: number | null, limit: number): Promise<Row[]>;
  count(where: SQL | undefined): Promise<number>;
  /** The largest key its column holds: a larger one in an id or cursor matches no row. */
  maxKey: number;
  /** The condition selecting exactly one key (at most maxKey). */
  keyIs(key: number): SQL;
  key(row: Row): number;
  /** The participant the row is about (audited), null for a row about nobody. */
  participant(row: Row): number | null;
  toResource(row: Row, ctx: FhirContext): Resource;
}

// The registry holds sources of different row types; each is only ever called with its own rows.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySource = FhirSource<any>;

/** The largest key of a serial (int4) column. */
export const SERIAL_MAX_KEY = 2_147_483_647;
/** The largest key of a bigserial column read as a JavaScript number. */
export const BIGSERIAL_MAX_KEY = Number.MAX_SAFE_INTEGER;

/** The key of an id `<prefix><digits>` up to maxKey; null for any other id. */
export function keyOf(id: string, prefix: string, maxKey: number): number | null {
  if (!id.startsWith(prefix)) return null;
  const rest = id.slice(prefix.length);
  if (!/^\d{1,15}$/.test(rest)) return null;
  const key = Number(rest);
  return key <= maxKey ? key : null;
}

/**
 * The keys of a source (its prefix and maxKey) among `_id` values; null when no _id was given.
 * An id beyond the key column's range names no row, so it is left out rather than queried.
 */
export function keysOf(search: ParsedSearch, prefix: string, maxKey: number): number[] | null {
  if (!search.ids) return null;
  return search.ids.flatMap((id) => {
    const key = keyOf(id, prefix, maxKey);
    return key === null ? [] : [key];
  });
}

/**
 * An instant as PostgreSQL reads it: a search's range may end in the year 10000, which
 * toISOString writes in JavaScript's expanded form (+010000-…) that PostgreSQL refuses.
 */
function pgIso(instant: Date): string {
  return instant.toISOString().replace(/^\+0*(?=\d{5})/, '');
}

/** Conditions of date ranges over a timestamp column. */
export function instantConditions(column: PgColumn | SQL, bounds: readonly DateBound[]): SQL[] {
  return bounds.flatMap((bound) => [
    ...(bound.from ? [sql`${column} >= ${pgIso(bound.from)}::timestamptz`] : []),
    ...(bound.to ? [sql`${column} < ${pgIso(bound.to)}::timestamptz`] : []),
  ]);
}

/** The first calendar day (YYYY-MM-DD) whose UTC midnight is at or after `instant`. */
function dayAtOrAfter(instant: Date): string {
  // Not Date.UTC(year, …), which reads years 0–99 as 1900–1999.
  const day = new Date(instant);
  day.setUTCHours(0, 0, 0, 0);
  if (day.getTime() < instant.getTime()) day.setUTCDate(day.getUTCDate() + 1);
  return pgIso(day).split('T')[0] ?? '';
}

/** Conditions of date ranges over a date column: a day counts from its UTC midnight. */
export function dayConditions(column: PgColumn | SQL, bounds: readonly DateBound[]): SQL[] {
  return bounds.flatMap((bound) => [
    ...(bound.from ? [sql`${column} >= ${dayAtOrAfter(bound.from)}::date`] : []),
    ...(bound.to ? [sql`${column} < ${dayAtOrAfter(bound.to)}::date`] : []),
  ]);
}

/** All conditions, or null when one of them already rules every row out. */
export function allOf(conditions: readonly (SQL | undefined | null)[]): SQL | undefined | null {
  if (conditions.some((condition) => condition === null)) return null;
  return and(...conditions.filter((c): c is SQL => c !== undefined));
}
