/** The console's finance strings (docs/finance.md): the VAT sales register and the seller's tax details. */
export const financeEn = {
  register: {
    title: 'VAT sales register',
    intro:
      'The sales book of a Bikram Sambat month: every tax invoice issued, and each credit note as a negative row (sales return).',
    year: 'Year (BS)',
    month: 'Month (BS)',
    currency: 'Currency',
    downloadCsv: 'Download CSV',
    downloadXlsx: 'Download XLSX',
    caption: 'Sales register rows',
    none: 'No invoices or credit notes in this month.',
    total: 'Total',
    columns: {
      dateBs: 'Date (BS)',
      number: 'Invoice no.',
      buyer: 'Buyer',
      pan: 'Buyer PAN',
      total: 'Total sales',
      nonTaxable: 'Non-taxable',
      export: 'Export sales',
      taxable: 'Taxable amount',
      vat: 'VAT',
    },
  },
  tax: {
    title: 'Tax details',
    intro:
      'What every tax invoice and credit note prints of the seller. Documents already issued keep what they printed.',
    legalName: 'Registered name',
    address: 'Registered address',
    pan: 'PAN (9 digits)',
    vatNumber: 'VAT registration no.',
    save: 'Save tax details',
    saved: 'Tax details saved.',
    voidFees: 'Void fees',
    voidFeesIntro:
      'Kept when a ticket is voided on the day it was issued (until 23:00 Nepal time); the rest of the payment goes back. 0: no fee.',
    voidFeeNpr: 'Void fee (NPR)',
    voidFeeUsd: 'Void fee (USD)',
    saveVoidFees: 'Save void fees',
    voidFeesSaved: 'Void fees saved.',
  },
};
