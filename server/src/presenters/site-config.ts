import type { PaymentsMode, PublicSiteConfig } from '#shared/site-config';
import type { Brand } from '../domain/brands/brand-directory';

/** The public face of a brand: its site configuration, never its secrets, and its payments mode. */
export function presentSiteConfig(
  brand: Brand,
  paymentsMode: PaymentsMode,
  supplierIds: string[],
): PublicSiteConfig {
  const storagePrefix = brand.config.displayName.replace(/[^A-Za-z0-9]/g, '');
  return {
    ...brand.config,
    brandId: brand.id,
    slug: brand.slug,
    userDataKey: `${storagePrefix}UserData`,
    contactDataKey: `${storagePrefix}ContactData`,
    paymentsMode,
    suppliers: supplierIds,
  };
}
