/** The console's compact button and input looks, shared by the forms built on these primitives. */
export const buttonClass =
  'rounded-md bg-[var(--brand-primary)] px-4 py-2 text-sm font-medium text-[var(--brand-primary-contrast)] hover:opacity-90 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-50';
export const secondaryButtonClass =
  'rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 disabled:opacity-50 dark:border-slate-600 dark:hover:bg-slate-800';
export const inputClass =
  'mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900 aria-[invalid=true]:border-red-600';

/** The site's (not the console's) field look: a red border while the field has an error. */
export const fieldClass = (invalid: boolean) =>
  `w-full rounded-lg border bg-white px-3 py-2.5 text-base dark:bg-slate-900 ${
    invalid ? 'border-red-600' : 'border-slate-300 dark:border-slate-600'
  }`;
