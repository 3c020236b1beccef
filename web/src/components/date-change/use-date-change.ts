import { type QueryKey, type UseMutationResult, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import {
  type ChangeBookingRequest,
  type ChangeGateway,
  type ChangeOptions,
  type ChangeQuote,
  changeOptionsQuery,
} from '#shared/booking-changes';
import { type GatewayStep, goToGateway } from '../../lib/go-to-gateway';
import { useTranslation } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { useErrorToast } from '../../lib/use-error-toast';
import { useZodForm } from '../../lib/use-zod-form';

export type ChangeOption = ChangeOptions['options'][number];

/** A flight's numbers as the flow names it: `U4 601, U4 602`. */
export const flightOf = (option: ChangeOption) =>
  option.offer.segments.map((segment) => segment.flight_number).join(', ');

/** The leg and the new date, checked as the change-options request is. */
export type DateChangeForm = UseFormReturn<
  z.input<typeof changeOptionsQuery>,
  unknown,
  z.output<typeof changeOptionsQuery>
>;

/** What both change endpoints answer: the quote, and once confirmed the invoice or the gateway's step. */
export interface DateChangeAnswer {
  quote: ChangeQuote;
  invoice_number: string | null;
  payment_action?: GatewayStep | undefined;
}

/** Where a date change asks (the traveller's own booking, or the console's) and how. */
export interface DateChangeApi<Answer extends DateChangeAnswer, Key extends QueryKey> {
  /** The leg's flights on a date, each quoted; a null date asks nothing yet. */
  options: (
    legIndex: number,
    date: string | null,
  ) => UseQueryOptions<ChangeOptions, Error, ChangeOptions, Key>;
  /** The booking's POST …/change: a quote (confirm false), or the change. */
  change: UseMutationResult<Answer, Error, ChangeBookingRequest>;
  /**
   * The console acts for the customer: the chosen flight is quoted by the server for the booker
   * (who pays: the agent's wallet or the traveller through the agency) before it is confirmed.
   */
  quoteFirst: boolean;
}

/**
 * The state of one date change (docs/bookings.md "Date change and reissue"): the panel open or
 * not, the leg and date asked, the flight chosen with its quote, and what the confirmation said.
 * `texts` is the strings' key prefix (`done`, `invoice`).
 */
export function useDateChange<Answer extends DateChangeAnswer, Key extends QueryKey>(
  api: DateChangeApi<Answer, Key>,
  texts: string,
  onConfirmed?: (answer: Answer) => void,
) {
  const { t } = useTranslation();
  const showError = useErrorToast();
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState<{ legIndex: number; date: string } | null>(null);
  const [chosen, setChosen] = useState<{ option: ChangeOption; quote: ChangeQuote } | null>(null);
  const [result, setResult] = useState('');
  const { form, errorOf } = useZodForm(changeOptionsQuery, { leg_index: 0, date: '' });
  const options = useQuery(api.options(asked?.legIndex ?? 0, asked?.date ?? null));
  const { change } = api;

  const forget = () => {
    setChosen(null);
    setAsked(null);
  };
  const close = () => {
    forget();
    setOpen(false);
  };
  const ask = form.handleSubmit(({ leg_index, date }) => {
    setChosen(null);
    setAsked({ legIndex: leg_index, date });
  });
  const request = (option: ChangeOption, confirm: boolean): ChangeBookingRequest => ({
    leg_index: asked?.legIndex ?? 0,
    offer_id: option.offer.id,
    total: option.offer.price.total,
    confirm,
  });

  const choose = (option: ChangeOption) => {
    if (!api.quoteFirst) return setChosen({ option, quote: option.quote });
    change.mutate(request(option, false), {
      onSuccess: (answer) => setChosen({ option, quote: answer.quote }),
      onError: showError,
    });
  };

  const confirm = (option: ChangeOption, method?: ChangeGateway | null) =>
    change.mutate(
      { ...request(option, true), ...(method ? { method } : {}) },
      {
        onSuccess: (answer) => {
          if (answer.payment_action) return goToGateway(answer.payment_action);
          close();
          onConfirmed?.(answer);
          const done = t(`${texts}.done`);
          const message = answer.invoice_number
            ? `${done} ${t(`${texts}.invoice`, { number: answer.invoice_number })}`
            : done;
          setResult(message);
          notify.success(message);
        },
        onError: showError,
      },
    );

  return {
    open,
    setOpen,
    close,
    form,
    dateError: errorOf('date'),
    ask,
    /** A new leg asks again. */
    forget,
    asked,
    options,
    chosen,
    keep: () => setChosen(null),
    choose,
    confirm,
    busy: change.isPending,
    result,
  };
}
