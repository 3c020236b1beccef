import { z } from 'zod';
import { currency } from './flights';
import { typedName } from './typed-name';

/**
 * The finance API's contract (docs/finance.md): tax invoices, credit notes, the VAT sales
 * register and the tax details they print. Money is integers in minor units with a currency.
 */

/** A Permanent Account Number: 9 digits. */
export const panNumber = z
  .string()
  .trim()
  .regex(/^[0-9]{9}$/, 'A PAN is 9 digits.');

/** The seller's details every tax invoice of the brand prints (brand settings). */
export const brandTaxProfileInput = z.object({
  legalName: typedName(z.string().trim().min(1, 'Enter the registered name.').max(160)),
  address: z.string().trim().min(1, 'Enter the registered address.').max(300),
  pan: panNumber,
  vatNumber: z
    .string()
    .trim()
    .regex(/^[0-9]{9}$/, 'A VAT registration number is 9 digits.'),
});
export type BrandTaxProfileInput = z.input<typeof brandTaxProfileInput>;

/** As stored (a name kept before hidden characters were refused is shown as it is). */
export const brandTaxProfile = brandTaxProfileInput
  .extend({ legalName: z.string(), updatedAt: z.string() })
  .nullable();
export type BrandTaxProfile = z.infer<typeof brandTaxProfile>;

/** A buyer's tax details on their own profile (an agent's company and PAN). */
export const userTaxProfileInput = z.object({
  buyer_name: typedName(z.string().trim().min(1).max(160)).nullable().optional(),
  pan: panNumber,
});
export const userTaxProfile = z.object({ buyer_name: z.string().nullable(), pan: z.string() }).nullable();

export const taxDocumentLine = z.object({
  description: z.string(),
  taxable: z.number().int(),
  vat: z.number().int(),
  non_taxable: z.number().int(),
  export: z.number().int(),
});

const taxDocumentFields = {
  number: z.string().describe('`2083/84-000123`; credit notes `CN-2083/84-000007`'),
  fiscal_year: z.string().describe('Nepal’s fiscal year, from 1 Shrawan: `2083/84`'),
  pnr: z.string(),
  currency,
  issued_on_bs: z.string().describe('BS date of issue, `2083-08-10`'),
  issued_on_ad: z.string().describe('AD date of issue in Nepal, `2026-11-26`'),
  issued_at: z.string(),
  seller: z.object({ name: z.string(), address: z.string(), pan: z.string(), vat_number: z.string() }),
  buyer: z.object({ name: z.string(), pan: z.string().nullable() }),
  lines: z.array(taxDocumentLine),
  taxable: z.number().int(),
  vat: z.number().int(),
  vat_percent: z.number(),
  non_taxable: z.number().int(),
  export_sales: z.number().int(),
  total: z.number().int(),
  total_in_words: z.string(),
};

export const taxInvoice = z.object({ title: z.literal('Tax Invoice'), ...taxDocumentFields });
export type TaxInvoice = z.infer<typeof taxInvoice>;

export const creditNote = z.object({
  title: z.literal('Credit Note'),
  ...taxDocumentFields,
  invoice_number: z.string(),
  reason: z.string(),
  /** A same-day void: this note reverses the whole invoice (docs/bookings.md#void). */
  voids_invoice: z.boolean(),
});
export type CreditNote = z.infer<typeof creditNote>;

export const documentFormatQuery = z.object({
  format: z.enum(['pdf', 'json']).default('pdf'),
});

export const creditNoteParams = z.object({
  pnr: z.string().trim().toUpperCase().max(6),
  number: z.string().trim().max(40),
});

export const salesRegisterQuery = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/, 'Use a BS month like 2083-08.'),
  format: z.enum(['csv', 'xlsx', 'json']).default('csv'),
  /** One register per currency: USD fares' documents are listed apart from NPR ones. */
  currency: currency.default('NPR'),
});

/** One row of the VAT sales register (sales book); a credit note is a negative row (sales return). */
export const salesRegisterRow = z.object({
  date_bs: z.string(),
  date_ad: z.string(),
  number: z.string(),
  kind: z.enum(['invoice', 'credit_note']),
  buyer_name: z.string(),
  buyer_pan: z.string(),
  total_sales: z.number().int(),
  non_taxable_sales: z.number().int(),
  export_sales: z.number().int(),
  taxable_amount: z.number().int(),
  vat: z.number().int(),
  /**
   * Why a row counts nothing: a voided ticket's invoice and its voiding credit note stay listed
   * (their numbers have no gap) with zero amounts and this note (docs/bookings.md#void). Empty otherwise.
   */
  note: z.string(),
});
export const salesRegister = z.object({
  month: z.string(),
  currency,
  rows: z.array(salesRegisterRow),
  totals: salesRegisterRow.pick({
    total_sales: true,
    non_taxable_sales: true,
    export_sales: true,
    taxable_amount: true,
    vat: true,
  }),
});
export type SalesRegister = z.infer<typeof salesRegister>;

/**
 * The brand's after-sales charges (docs/bookings.md#void): the void fee kept when a ticket is voided on the
 * day it was issued, per currency, in minor units (paisa, cents). 0 until an admin sets it.
 */
export const financeSettingsInput = z.object({
  void_fee_npr: z.number().int('Use whole paisa.').min(0, 'Enter 0 or more.').max(100_000_000),
  void_fee_usd: z.number().int('Use whole cents.').min(0, 'Enter 0 or more.').max(1_000_000),
});
export type FinanceSettingsInput = z.infer<typeof financeSettingsInput>;
export const financeSettings = financeSettingsInput.extend({ updated_at: z.string().nullable() });
export type FinanceSettings = z.infer<typeof financeSettings>;
