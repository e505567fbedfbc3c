import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's sort, search, filters and page live in the URL's query string, so a reload, the
 * back button or a shared link restores the same view. Values equal to their default are left
 * out of the URL to keep links short.
 */
export type ListStateOptions<K extends string> = {
  /** Allowed values per key; anything else in the URL falls back to the default. */
  allowed?: Partial<Record<K, readonly string[]>>;
  /** Prefixes the URL keys, for a page that shows more than one list. */
  prefix?: string;
  /** When this value changes (say, the participant-type tab), the list goes back to page 1. */
  resetPageOn?: unknown;
};

export type ListState<K extends string> = {
  values: Readonly<Record<K, string>>;
  /** 1-based; a missing or malformed page is 1. */
  page: number;
  /** Changes some values and returns to page 1 (spec §4: filter changes reset the page). */
  setValues: (patch: Partial<Record<K, string>>) => void;
  setPage: (page: number, options?: { replace?: boolean }) => void;
  /** Back to the defaults and page 1. */
  reset: () => void;
};

const PAGE_KEY = 'page';

export function parsePage(raw: string | null): number {
  if (raw === null || !/^\d{1,7}$/.test(raw)) return 1;
  return Math.max(Number(raw), 1);
}

/** Zero-based offset of a 1-based page (spec §4). */
export function pageToStart(page: number, pageSize: number): number {
  return (Math.max(page, 1) - 1) * pageSize;
}

/**
 * Reads and writes a list's state in the URL. `defaults` must be a stable object (a module
 * constant), since it is part of the memoised result.
 */
export function useListState<K extends string>(
  defaults: Readonly<Record<K, string>>,
  { allowed, prefix = '', resetPageOn }: ListStateOptions<K> = {},
): ListState<K> {
  const [params, setSearchParams] = useSearchParams();
  // react-router hands a functional update the params of the last render, so two changes before
  // the next render (a status click, then Enter in the search) would lose the first. A change
  // made while the previous one is still on its way builds on that one instead.
  const pending = useRef<{ from: URLSearchParams; next: URLSearchParams } | null>(null);
  const setParams = useCallback(
    (update: (previous: URLSearchParams) => URLSearchParams, options?: { replace?: boolean }) => {
      const previous = pending.current?.from === params ? pending.current.next : params;
      const next = update(previous);
      pending.current = { from: params, next };
      void setSearchParams(next, options);
    },
    [params, setSearchParams],
  );
  const keys = useMemo(() => Object.keys(defaults) as K[], [defaults]);
  const pageKey = `${prefix}${PAGE_KEY}`;

  const values = useMemo(() => {
    const result = { ...defaults } as Record<K, string>;
    for (const key of keys) {
      const raw = params.get(`${prefix}${key}`);
      if (raw === null) continue;
      const choices = allowed?.[key];
      if (!choices || choices.includes(raw)) result[key] = raw;
    }
    return result;
  }, [params, keys, defaults, allowed, prefix]);
  const page = parsePage(params.get(pageKey));

  const setValues = useCallback(
    (patch: Partial<Record<K, string>>) => {
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        for (const key of keys) {
          if (!(key in patch)) continue;
          const value = patch[key] ?? defaults[key];
          if (value === defaults[key]) next.delete(`${prefix}${key}`);
          else next.set(`${prefix}${key}`, value);
        }
        next.delete(pageKey);
        return next;
      });
    },
    [setParams, keys, defaults, prefix, pageKey],
  );

  const setPage = useCallback(
    (nextPage: number, options: { replace?: boolean } = {}) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (nextPage <= 1) next.delete(pageKey);
          else next.set(pageKey, String(nextPage));
          return next;
        },
        { replace: options.replace ?? false },
      );
    },
    [setParams, pageKey],
  );

  const reset = useCallback(() => {
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      for (const key of keys) next.delete(`${prefix}${key}`);
      next.delete(pageKey);
      return next;
    });
  }, [setParams, keys, prefix, pageKey]);

  // A changed participant-type tab starts the list over; the first render is not a change.
  const seen = useRef(resetPageOn);
  useEffect(() => {
    if (Object.is(seen.current, resetPageOn)) return;
    seen.current = resetPageOn;
    if (page !== 1) setPage(1, { replace: true });
  }, [resetPageOn, page, setPage]);

  return { values, page, setValues, setPage, reset };
}
