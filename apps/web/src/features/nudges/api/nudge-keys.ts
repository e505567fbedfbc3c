import { nudgeListKeys } from '#app/lib/query-keys.ts';

/** The nudges feature's queries; the list's prefix is shared (lib/query-keys.ts). */
export const nudgeKeys = {
  all: ['nudges'] as const,
  list: <R>(request: R) => [...nudgeListKeys.all, request] as const,
  detail: (id: number) => [...nudgeKeys.all, 'detail', id] as const,
  effectiveness: <Q>(query: Q) => [...nudgeKeys.all, 'effectiveness', query] as const,
};
