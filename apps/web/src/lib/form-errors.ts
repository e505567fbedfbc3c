import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api/api-error';

/**
 * Puts the server's per-field messages (`error.fields`) on the matching form fields.
 * Returns whether any landed, so the caller can fall back to a toast.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  let applied = false;
  for (const { field, message } of error.fields) {
    const name = fieldNames.find((candidate) => candidate === field);
    if (name === undefined) continue;
    setError(name, { type: 'server', message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
