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

/** A unique index refused the row: the race two simultaneous saves of one name or address would otherwise win. */
export const isUniqueViolation = (error: unknown) => isPostgresError(error, POSTGRES_ERROR.uniqueViolation);
/** A foreign key refused the change, e.g. a delete racing a new reference. */
export const isForeignKeyViolation = (error: unknown) =>
  isPostgresError(error, POSTGRES_ERROR.foreignKeyViolation) ||
  isPostgresError(error, POSTGRES_ERROR.restrictViolation);
