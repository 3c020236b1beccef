import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { credentialsKey } from '../crypto/secret-box';
import { DUFFEL_SUPPLIER, duffelSupplier } from './duffel-supplier';
import { houseSupplier } from './house-supplier';
import { loadBrandSupplierToken } from './load-brand-supplier-token';
import { measureSupplier } from './measure-supplier';
import type { Supplier } from './supplier';

let suppliers: Supplier[] = [measureSupplier(houseSupplier)];

/**
 * Sets the suppliers from the configuration (buildApp calls it): the house inventory always, and
 * Duffel when DUFFEL_ACCESS_TOKEN is set or a brand may save its own token (SESSION_SECRET set):
 * Duffel then serves the brands with a token of their own, or all of them with the deployment's.
 */
export function configureSuppliers(
  env: Pick<Env, 'DUFFEL_ACCESS_TOKEN' | 'DUFFEL_API_URL' | 'SUPPLIER_TIMEOUT_MS'> &
    Partial<Pick<Env, 'SESSION_SECRET' | 'SESSION_SECRET_PREVIOUS'>>,
): Supplier[] {
  suppliers = [measureSupplier(houseSupplier)];
  // A brand's own Duffel token is sealed with the gateway credentials' key (from SESSION_SECRET).
  const key = env.SESSION_SECRET ? credentialsKey(env.SESSION_SECRET, env.SESSION_SECRET_PREVIOUS) : null;
  if (env.DUFFEL_ACCESS_TOKEN || key)
    suppliers.push(
      measureSupplier(
        duffelSupplier({
          accessToken: env.DUFFEL_ACCESS_TOKEN ?? null,
          apiUrl: env.DUFFEL_API_URL,
          timeoutMs: env.SUPPLIER_TIMEOUT_MS,
          ...(key
            ? {
                brandToken: (db: Db, brandId: string) =>
                  loadBrandSupplierToken(db, { brandId, supplier: DUFFEL_SUPPLIER, key }),
              }
            : {}),
        }),
      ),
    );
  return [...suppliers];
}

/** The suppliers a search asks, in order. External airline or aggregator suppliers join this list. */
export function configuredSuppliers(): Supplier[] {
  return [...suppliers];
}

/**
 * The suppliers that serve the brand (a search asks these): an outside supplier that needs an
 * account the brand lacks (no token of its own and none for the deployment) is left out.
 */
export async function suppliersForBrand(db: Db, brandId: string | null | undefined): Promise<Supplier[]> {
  const serving = await Promise.all(
    suppliers.map((s) => (s.servesBrand ? s.servesBrand(db, brandId ?? null) : true)),
  );
  return suppliers.filter((_, i) => serving[i]);
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
