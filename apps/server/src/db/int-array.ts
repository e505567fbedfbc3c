/** A Postgres int[] literal: one bind parameter however many ids (no 65,535-parameter limit). */
export function intArray(ids: readonly number[]): string {
  if (ids.some((id) => !Number.isSafeInteger(id))) throw new TypeError('ids must be integers');
  return `{${ids.join(',')}}`;
}
