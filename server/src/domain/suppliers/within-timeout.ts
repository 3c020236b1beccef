/** An outside supplier that did not answer within its time. */
export class SupplierTimeout extends Error {
  constructor(readonly ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = 'SupplierTimeout';
  }
}

/**
 * The call's answer, or SupplierTimeout after `ms`. Clients like `@duffel/api` cannot be aborted:
 * the call runs on, and its late answer (or failure) is dropped.
 */
export function withinTimeout<T>(call: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SupplierTimeout(ms)), ms);
  });
  call.catch(() => undefined);
  return Promise.race([call, timeout]).finally(() => clearTimeout(timer));
}
