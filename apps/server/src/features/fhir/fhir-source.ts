import type { Resource } from '@medplum/fhirtypes';
import { and, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { LocalSystems } from './codes';
import type { DateBound, ParsedSearch } from './search-params';

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
  /** The condition selecting exactly one key. */
  keyIs(key: number): SQL;
  key(row: Row): number;
  /** The participant the row is about (audited), null for a row about nobody. */
  participant(row: Row): number | null;
  toResource(row: Row, ctx: FhirContext): Resource;
}

// The registry holds sources of different row types; each is only ever called with its own rows.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySource = FhirSource<any>;

/** The keys of this source among `_id` values: `<prefix><digits>`; null when no _id was given. */
export function keysOf(search: ParsedSearch, prefix: string): number[] | null {
  if (!search.ids) return null;
  return search.ids.flatMap((id) => {
    if (!id.startsWith(prefix)) return [];
    const rest = id.slice(prefix.length);
    return /^\d{1,15}$/.test(rest) ? [Number(rest)] : [];
  });
}

/** Conditions of date ranges over a timestamp column. */
export function instantConditions(column: PgColumn | SQL, bounds: readonly DateBound[]): SQL[] {
  return bounds.flatMap((bound) => [
    ...(bound.from ? [sql`${column} >= ${bound.from.toISOString()}::timestamptz`] : []),
    ...(bound.to ? [sql`${column} < ${bound.to.toISOString()}::timestamptz`] : []),
  ]);
}

/** The first calendar day (YYYY-MM-DD) whose UTC midnight is at or after `instant`. */
function dayAtOrAfter(instant: Date): string {
  const day = new Date(
    Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate()),
  );
  if (day.getTime() < instant.getTime()) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** Conditions of date ranges over a date column: a day counts from its UTC midnight. */
export function dayConditions(column: PgColumn, bounds: readonly DateBound[]): SQL[] {
  return bounds.flatMap((bound) => [
    ...(bound.from ? [gte(column, dayAtOrAfter(bound.from))] : []),
    ...(bound.to ? [lt(column, dayAtOrAfter(bound.to))] : []),
  ]);
}

/** All conditions, or null when one of them already rules every row out. */
export function allOf(conditions: readonly (SQL | undefined | null)[]): SQL | undefined | null {
  if (conditions.some((condition) => condition === null)) return null;
  return and(...conditions.filter((c): c is SQL => c !== undefined));
}
