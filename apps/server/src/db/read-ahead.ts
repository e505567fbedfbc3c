import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * How far into a list a kept list statement reads (the page's end, rounded up to one of these),
 * written into the statement rather than bound. PostgreSQL cannot estimate a bound LIMIT or
 * OFFSET (it assumes a tenth of the rows), so it never trusted the generic plan of a kept
 * statement with them and planned it anew on every call: 3.5 ms for the participant list on
 * 100,000 participants, 1.1–1.5 ms for the nudge and coach lists (2026-11-29, PostgreSQL's log).
 * The first page of 15 reads exactly its own rows.
 */
const READ_AHEADS = [15, 100, 300, 1100] as const;

/** The read-ahead of a page ending at `end` (start + page size), or undefined past the last. */
export function readAheadTo(end: number): number | undefined {
  return READ_AHEADS.find((readAhead) => readAhead >= end);
}

/**
 * The page's rows among those read ahead, by `ord`, their place in the list (1 for the first):
 * placeholders `offset` (the page's start) and `end` (pageWindowValues).
 */
export function pageWindow(ord: SQLWrapper): SQL {
  return sql`${ord} > ${sql.placeholder('offset')} and ${ord} <= ${sql.placeholder('end')}`;
}

/** The values of pageWindow's placeholders for a page. */
export function pageWindowValues(paging: { start: number; pageSize: number }) {
  return { offset: paging.start, end: paging.start + paging.pageSize };
}

/**
 * The first `readAhead` ids of `ordered` (a query of one id column, in the list's order) as an
 * array, the read-ahead written into the statement. Unnested `with ordinality`, their order
 * numbers are their places in the list, for pageWindow.
 */
export function readAheadIds(ordered: SQLWrapper, readAhead: number): SQL<number[]> {
  return sql<number[]>`array(${ordered} limit ${sql.raw(String(readAhead))})`;
}
