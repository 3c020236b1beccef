import type { QueryKey } from '@tanstack/react-query';
import { type ButtonHTMLAttributes, type ReactNode, useId } from 'react';
import type { ChangeGateway, ChangeQuote } from '#shared/booking-changes';
import type { Booking } from '#shared/bookings';
import { useTranslation } from '../../lib/i18n';
import { useErrorText } from '../../lib/use-error-toast';
import { Button } from '../ui/button';
import { buttonClass, inputClass, secondaryButtonClass } from '../ui/form-styles';
import { LegDateFields } from './leg-date-fields';
import {
  type ChangeOption,
  type DateChangeAnswer,
  type DateChangeApi,
  flightOf,
  useDateChange,
} from './use-date-change';

/** The traveller's booking page or the console: the same flow in each one's look. */
export type DateChangeLook = 'site' | 'console';

const LOOKS: Record<
  DateChangeLook,
  Record<'section' | 'input' | 'none' | 'option' | 'optionHead', string>
> = {
  site: {
    section: 'rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800',
    input: 'h-11 rounded-lg border border-slate-300 px-2 dark:border-slate-700 dark:bg-slate-900',
    none: 'mt-3',
    option: 'grid gap-2 rounded-lg p-3 ring-1 ring-slate-200 dark:ring-slate-700',
    optionHead: 'flex flex-wrap items-center justify-between gap-2',
  },
  console: {
    section: 'rounded-lg border border-slate-200 p-4 dark:border-slate-700',
    input: inputClass,
    none: 'mt-3 text-sm',
    option: 'grid gap-2 rounded-md p-3 ring-1 ring-slate-200 dark:ring-slate-700',
    optionHead: 'flex flex-wrap items-center justify-between gap-2 text-sm',
  },
};

/** A button in the flow's look: the site's (busy with a spinner) or the console's compact one. */
export function FlowButton({
  look,
  primary,
  busy,
  ...button
}: ButtonHTMLAttributes<HTMLButtonElement> & { look: DateChangeLook; primary?: boolean; busy?: boolean }) {
  if (look === 'site') return <Button variant={primary ? 'primary' : 'secondary'} busy={busy} {...button} />;
  return (
    <button
      type="button"
      className={primary ? buttonClass : secondaryButtonClass}
      disabled={busy}
      {...button}
    />
  );
}

/** What a flight's row shows below its line: its quote and, once chosen, how to confirm it. */
export type RenderChangeOption = (
  option: ChangeOption,
  chosen: ChangeQuote | null,
  actions: { confirm: (method?: ChangeGateway | null) => void; keep: () => void; busy: boolean },
) => ReactNode;

const localTime = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/**
 * "Change date" on a ticketed booking (docs/bookings.md "Date change and reissue"), one flow for
 * the traveller's booking page and the console: pick a leg and a new date, see that route's
 * flights, choose one and confirm its quote; the tickets are reissued citing the old ones. What
 * differs is given: the API (`api`), the strings' key prefix (`texts`), the look, and what a
 * flight's row shows of its quote and payment (`renderOption`).
 */
export function DateChangeFlow<Answer extends DateChangeAnswer, Key extends QueryKey>(props: {
  legs: Booking['legs'];
  api: DateChangeApi<Answer, Key>;
  texts: string;
  look: DateChangeLook;
  testIds: { panel: string; option: string };
  renderOption: RenderChangeOption;
  /** A Close button beside "Show flights" (the console's). */
  closable?: boolean;
  /** The outcome stays written in a live region under the panel (the console's). */
  announceResult?: boolean;
  onConfirmed?: (answer: Answer) => void;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const errorText = useErrorText();
  const flow = useDateChange(props.api, props.texts, props.onConfirmed);
  const { look, texts } = props;
  const styles = LOOKS[look];
  const { options, asked } = flow;
  const listed = asked ? options.data?.options : undefined;

  return (
    <section aria-labelledby={`${ids}-title`} data-testid={props.testIds.panel} className={styles.section}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${ids}-title`} className="text-lg font-semibold">
          {t(`${texts}.title`)}
        </h2>
        {!flow.open && (
          <FlowButton look={look} onClick={() => flow.setOpen(true)} aria-expanded={flow.open}>
            {t(`${texts}.open`)}
          </FlowButton>
        )}
      </div>
      {flow.open && (
        <form className="mt-3 flex flex-wrap items-end gap-3" onSubmit={(event) => void flow.ask(event)}>
          <LegDateFields
            legs={props.legs}
            form={flow.form}
            dateError={flow.dateError}
            labels={{ leg: t(`${texts}.leg`), date: t(`${texts}.date`) }}
            inputClassName={styles.input}
            onLegChange={flow.forget}
          />
          <FlowButton look={look} primary type="submit" busy={options.isFetching}>
            {t(`${texts}.show`)}
          </FlowButton>
          {props.closable && (
            <FlowButton look={look} onClick={flow.close}>
              {t(`${texts}.close`)}
            </FlowButton>
          )}
        </form>
      )}
      {asked && options.isError && (
        <p role="alert" className="mt-3 text-red-700 dark:text-red-400">
          {errorText(options.error)}
        </p>
      )}
      {listed?.length === 0 && <p className={styles.none}>{t(`${texts}.none`)}</p>}
      {listed && listed.length > 0 && (
        <ul className="mt-3 grid gap-2" aria-label={t(`${texts}.options`)}>
          {listed.map((option) => {
            const first = option.offer.segments[0];
            const last = option.offer.segments.at(-1);
            const picked = flow.chosen?.option.offer.id === option.offer.id ? flow.chosen.quote : null;
            return (
              <li key={option.offer.id} data-testid={props.testIds.option} className={styles.option}>
                <div className={styles.optionHead}>
                  <span>
                    <strong>{flightOf(option)}</strong> · {localTime(first?.depart_at ?? '')} →{' '}
                    {localTime(last?.arrive_at ?? '')} · {option.offer.fare.family}
                  </span>
                  {!picked && (
                    <FlowButton
                      look={look}
                      primary={look === 'site'}
                      busy={props.api.quoteFirst && flow.busy}
                      onClick={() => flow.choose(option)}
                    >
                      {t(`${texts}.choose`)}
                    </FlowButton>
                  )}
                </div>
                {props.renderOption(option, picked, {
                  confirm: (method) => flow.confirm(option, method),
                  keep: flow.keep,
                  busy: flow.busy,
                })}
              </li>
            );
          })}
        </ul>
      )}
      {props.announceResult && (
        <p role="status" aria-live="polite" className="mt-2 text-sm font-medium" data-testid="change-result">
          {flow.result}
        </p>
      )}
    </section>
  );
}
