/** The request fields that only say which page of a list: everything else is the list's filter. */
const PAGING_FIELDS = new Set(['start', 'before', 'after']);

/** The filter of a list request (search, status, type, sort, …) in a form two requests can compare. */
function filterOf(request: unknown): string {
  if (typeof request !== 'object' || request === null) return JSON.stringify(request);
  const entries = Object.entries(request)
    .filter(([key, value]) => !PAGING_FIELDS.has(key) && value !== undefined && value !== '')
    .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify(entries);
}

/**
 * placeholderData for a paged list whose request is the last element of its query key. The rows
 * on screen stay while the next page of the same filter loads; after a status, type, search or
 * sort change they do not, so the list shows its loading state instead of rows that belong to
 * another query and whose buttons would act on someone the clinician is no longer looking at.
 */
export function keepPreviousPageOf(request: unknown) {
  const filter = filterOf(request);
  return <Data>(
    previousData: Data | undefined,
    previousQuery: { queryKey: readonly unknown[] } | undefined,
  ): Data | undefined => {
    const previousRequest = previousQuery?.queryKey.at(-1);
    return previousQuery && filterOf(previousRequest) === filter ? previousData : undefined;
  };
}
