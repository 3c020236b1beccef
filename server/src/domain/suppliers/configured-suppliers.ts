import { houseSupplier } from './house-supplier';
import type { Supplier } from './supplier';

/** The suppliers a search asks, in order. External airline or aggregator suppliers join this list. */
export function configuredSuppliers(): Supplier[] {
  return [houseSupplier];
}

/** The supplier that made an offer id (its first part), if configured. */
export function supplierOf(offerId: string): Supplier | undefined {
  const id = offerId.split('~')[0];
  return configuredSuppliers().find((s) => s.id === id);
}
