import { useState } from 'react';

/**
 * The value, or while it is null the last value that was not. A dialog closed by setting its
 * item to null keeps showing that item during the close animation instead of going blank.
 */
export function useLastNonNull<T>(value: T | null): T | null {
  const [last, setLast] = useState(value);
  if (value !== null && value !== last) setLast(value);
  return value ?? last;
}
