/** The rows of a raw `db.execute()`: both drivers (PGlite, node-postgres) answer with `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  if (result && typeof result === 'object' && 'rows' in result && Array.isArray(result.rows))
    return result.rows as T[];
  throw new Error('unexpected result shape from execute()');
}
