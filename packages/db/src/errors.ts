/** SQLSTATE codes the API answers for itself rather than as a 500. */
export const POSTGRES_ERROR = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  /** What PostgreSQL 18 (and PGlite) answer for a delete an `on delete restrict` key refuses. */
  restrictViolation: '23001',
} as const;

/**
 * Whether a database error with this SQLSTATE is the error or one of its causes: Drizzle wraps the driver's error
 * (postgres.js or PGlite) in `cause`.
 */
export function isPostgresError(error: unknown, code: string): boolean {
  const seen = new Set<unknown>();
  for (let current = error; current && typeof current === 'object' && !seen.has(current); ) {
    seen.add(current);
    if ((current as { code?: unknown }).code === code) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Codes of a database that cannot be reached: the driver's own (postgres.js: refused, reset, closed, timed out) and
 * PostgreSQL's connection exceptions (class 08) and shutdown states (57P01 admin shutdown, 57P02 crash shutdown, 57P03
 * cannot connect now, i.e. starting up or shutting down).
 */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  '57P01',
  '57P02',
  '57P03',
]);

/** The database is down or restarting (not a refused statement): the request may succeed when tried again. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let current = error; current && typeof current === 'object' && !seen.has(current); ) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** A unique index refused the row: the race two simultaneous saves of one name or address would otherwise win. */
export const isUniqueViolation = (error: unknown) => isPostgresError(error, POSTGRES_ERROR.uniqueViolation);
/** A foreign key refused the change, e.g. a delete racing a new reference. */
export const isForeignKeyViolation = (error: unknown) =>
  isPostgresError(error, POSTGRES_ERROR.foreignKeyViolation) ||
  isPostgresError(error, POSTGRES_ERROR.restrictViolation);
