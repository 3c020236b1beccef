import type { Env } from '../../env';
import { duffelSupplier } from './duffel-supplier';
import { houseSupplier } from './house-supplier';
import { measureSupplier } from './measure-supplier';
import type { Supplier } from './supplier';

let suppliers: Supplier[] = [measureSupplier(houseSupplier)];

/**
 * Sets the suppliers from the configuration (buildApp calls it): the house inventory always, and
 * Duffel when DUFFEL_ACCESS_TOKEN is set.
 */
export function configureSuppliers(
  env: Pick<Env, 'DUFFEL_ACCESS_TOKEN' | 'DUFFEL_API_URL' | 'SUPPLIER_TIMEOUT_MS'>,
): Supplier[] {
  suppliers = [measureSupplier(houseSupplier)];
  if (env.DUFFEL_ACCESS_TOKEN)
    suppliers.push(
      measureSupplier(
        duffelSupplier({
          accessToken: env.DUFFEL_ACCESS_TOKEN,
          apiUrl: env.DUFFEL_API_URL,
          timeoutMs: env.SUPPLIER_TIMEOUT_MS,
        }),
      ),
    );
  return [...suppliers];
}

/** The suppliers a search asks, in order. External airline or aggregator suppliers join this list. */
export function configuredSuppliers(): Supplier[] {
  return [...suppliers];
}

/** The supplier that made an offer id (its first part), if configured. */
export function supplierOf(offerId: string): Supplier | undefined {
  const id = offerId.split('~')[0];
  return suppliers.find((s) => s.id === id);
}

/** A configured supplier by its id (a booking leg's `supplier`). */
export function supplierById(id: string): Supplier | undefined {
  return suppliers.find((s) => s.id === id);
}
