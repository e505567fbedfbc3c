const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
]);

/** True for errors that mean "the database cannot be reached", which the API answers with 503. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (CONNECTION_ERROR_CODES.has(code) || code.startsWith('08'))) {
    return true;
  }
  const cause = (error as { cause?: unknown }).cause;
  if (cause && cause !== error && isDatabaseUnavailable(cause)) return true;
  // node-postgres reports timeouts (db/client.ts) and lost connections by message only; a
  // client whose connection broke mid-transaction refuses the rollback as "not queryable".
  return /Connection terminated|is not queryable|timeout exceeded when trying to connect|timeout expired|PGlite is closed|Cannot use a pool after calling end/i.test(
    error.message,
  );
}

/**
 * True when PostgreSQL cancelled the statement (57014: the pool's statement timeout, or an
 * operator cancelling it), looking through the errors Drizzle wraps it in. Answered with 503.
 */
export function isStatementCancelled(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === '57014') return true;
  }
  return false;
}

/** The unique index a PostgreSQL unique violation names, looking through wrapped errors. */
export function violatedUniqueIndex(error: unknown): string | null {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}
