import { useState } from 'react';

/**
 * A filter form's edits, applied only on Apply: `set(key)` is a text field's onChange, and
 * `rangeReversed` says the date range (YYYY-MM-DD, so text order is date order) ends before it
 * starts, which keeps Apply disabled.
 */
export function useFilterDraft<RangeKey extends string, Filters extends Record<RangeKey, string>>(
  filters: Filters,
  range: { from: RangeKey; to: RangeKey },
) {
  const [draft, setDraft] = useState(filters);
  const from = draft[range.from];
  const to = draft[range.to];
  const rangeReversed = from !== '' && to !== '' && from > to;
  const set = (key: keyof Filters) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value }));
  return { draft, setDraft, set, rangeReversed };
}
