import type { Db } from '../../db/client';
import type { RateTable } from './convert-amount';
import { DEFAULT_EXCHANGE_RATES } from './default-exchange-rates';
import { listExchangeRates } from './manage-exchange-rates';

const defaults: RateTable = new Map(DEFAULT_EXCHANGE_RATES.map((r) => [r.currency, r]));

/** The rates that convert a brand's outside offers: the brand's own entries over the dated defaults. */
export async function loadExchangeRates(db: Db, brandId: string | null): Promise<RateTable> {
  if (!brandId) return defaults;
  return new Map((await listExchangeRates(db, brandId)).map((r) => [r.currency, r]));
}
