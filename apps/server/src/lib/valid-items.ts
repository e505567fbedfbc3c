import * as z from 'zod/mini';

/** Keeps the items of a stored JSON list that have the expected shape, dropping the rest. */
export function validItems<T extends z.core.$ZodType>(schema: T, value: unknown): z.infer<T>[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const parsed = z.safeParse(schema, item);
    return parsed.success ? [parsed.data] : [];
  });
}
