import { houseSupplier } from './house-supplier';
import { measureSupplier } from './measure-supplier';
import type { Supplier } from './supplier';

const suppliers: Supplier[] = [measureSupplier(houseSupplier)];

/** The suppliers a search asks, in order. External airline or aggregator suppliers join this list. */
export function configuredSuppliers(): Supplier[] {
  return [...suppliers];
}

/** The supplier that made an offer id (its first part), if configured. */
export function supplierOf(offerId: string): Supplier | undefined {
  const id = offerId.split('~')[0];
  return suppliers.find((s) => s.id === id);
}
