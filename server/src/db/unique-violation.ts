/**
 * Whether `error` (or one of its causes, as drizzle wraps driver errors) is a PostgreSQL unique
 * violation (23505), optionally of one named constraint.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const found = current as { code?: unknown; constraint?: unknown };
    if (found.code === '23505' && (!constraint || found.constraint === constraint)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
