/** PostgreSQL's deadlock and serialization failures: the transaction may simply be run again. */
const RETRYABLE = new Set(['40P01', '40001']);

function isRetryable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (RETRYABLE.has(String((current as { code?: unknown }).code))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Runs a transaction again (up to `tries` times) when PostgreSQL aborted it for a deadlock. */
export async function withRetryOnConflict<T>(work: () => Promise<T>, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= tries || !isRetryable(error)) throw error;
    }
  }
}
