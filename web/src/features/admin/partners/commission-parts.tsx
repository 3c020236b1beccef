import { type ReactNode, useId } from 'react';
import { z } from 'zod';
import { grantedPercent } from '#shared/commissions';

/** A typed percentage ("2.5") as a number, or undefined when it is not one. */
function percentOf(text: string): number | undefined {
  const trimmed = text.trim();
  return /^\d{1,3}(\.\d{1,2})?$/.test(trimmed) ? Number(trimmed) : undefined;
}

/** A percentage field as typed → the API's granted percentage, with the console's message. */
export const percentText = (message: string) =>
  z
    .string()
    .transform((text, context) => {
      const percent = percentOf(text);
      if (percent !== undefined) return percent;
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    })
    .pipe(grantedPercent);

/** Like percentText, but an empty field is null (the group's or the brand's rate applies). */
export const optionalPercentText = (message: string) =>
  z
    .string()
    .transform((text, context) => {
      if (text.trim() === '') return null;
      const percent = percentOf(text);
      if (percent !== undefined) return percent;
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    })
    .pipe(grantedPercent.nullable());

/** A titled part of the commissions page. */
export function Part(props: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="mt-6">
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {props.title}
      </h2>
      {props.children}
    </section>
  );
}
