import { supplierCallSeconds, supplierCalls } from '../../process-metrics';
import type { Supplier } from './supplier';

type Operation =
  | 'search'
  | 'price'
  | 'holdMany'
  | 'issue'
  | 'cancel'
  | 'quoteCancellation'
  | 'confirmCancellation'
  | 'acceptAirlineChanges'
  | 'quoteChange'
  | 'confirmChange'
  | 'listChangeOffers'
  | 'checkChange';

/** The same supplier, each call counted (by outcome) and timed for GET /metrics. */
export function measureSupplier(supplier: Supplier): Supplier {
  const measured = <A extends unknown[], R>(operation: Operation, call: (...args: A) => Promise<R>) => {
    const labels = { supplier: supplier.id, operation };
    return async (...args: A): Promise<R> => {
      const stopTimer = supplierCallSeconds.startTimer(labels);
      try {
        const result = await call.apply(supplier, args);
        supplierCalls.inc({ ...labels, outcome: 'ok' });
        return result;
      } catch (error) {
        supplierCalls.inc({ ...labels, outcome: 'error' });
        throw error;
      } finally {
        stopTimer();
      }
    };
  };
  return {
    id: supplier.id,
    ...(supplier.searchTimeoutMs === undefined ? {} : { searchTimeoutMs: supplier.searchTimeoutMs }),
    ...(supplier.bookable === undefined ? {} : { bookable: supplier.bookable }),
    search: measured('search', supplier.search),
    price: measured('price', supplier.price),
    holdMany: measured('holdMany', supplier.holdMany),
    issue: measured('issue', supplier.issue),
    cancel: measured('cancel', supplier.cancel),
    ...(supplier.quoteCancellation
      ? { quoteCancellation: measured('quoteCancellation', supplier.quoteCancellation) }
      : {}),
    ...(supplier.confirmCancellation
      ? { confirmCancellation: measured('confirmCancellation', supplier.confirmCancellation) }
      : {}),
    ...(supplier.acceptAirlineChanges
      ? { acceptAirlineChanges: measured('acceptAirlineChanges', supplier.acceptAirlineChanges) }
      : {}),
    ...(supplier.servesBrand ? { servesBrand: supplier.servesBrand.bind(supplier) } : {}),
    ...(supplier.quoteChange ? { quoteChange: measured('quoteChange', supplier.quoteChange) } : {}),
    ...(supplier.confirmChange ? { confirmChange: measured('confirmChange', supplier.confirmChange) } : {}),
    ...(supplier.listChangeOffers
      ? { listChangeOffers: measured('listChangeOffers', supplier.listChangeOffers) }
      : {}),
    ...(supplier.checkChange ? { checkChange: measured('checkChange', supplier.checkChange) } : {}),
  };
}
