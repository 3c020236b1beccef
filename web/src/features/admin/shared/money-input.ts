import { z } from 'zod';

/** Rupees typed by the admin ("2500.50") as paisa, or undefined when not a positive amount. */
export function paisaOf(rupees: string): number | undefined {
  const text = rupees.trim().replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return undefined;
  const paisa = Math.round(Number(text) * 100);
  return paisa > 0 ? paisa : undefined;
}

/** A rupees field that becomes paisa, or fails with `message` (for a form's zod schema). */
export const rupeesAsPaisa = (message: string) =>
  z.string().transform((rupees, context) => {
    const paisa = paisaOf(rupees);
    if (paisa !== undefined) return paisa;
    context.addIssue({ code: 'custom', message });
    return z.NEVER;
  });
