import type { z } from 'zod';

/** Keeps the items of a stored JSON list that have the expected shape, dropping the rest. */
export function validItems<T extends z.ZodType>(schema: T, value: unknown): z.infer<T>[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}
