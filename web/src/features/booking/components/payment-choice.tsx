import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Booking, PaymentMethod } from '#shared/bookings';
import { amountDueOf } from '#shared/sum-prices';
import { Button } from '../../../components/ui/button';
import { useAppStore } from '../../../lib/app-context';
import { GATEWAY_NAMES, goToGateway } from '../../../lib/go-to-gateway';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useSignedInUser } from '../../../lib/session/signed-in-user';
import { useErrorToast } from '../../../lib/use-error-toast';
import { bookingQueryKey } from '../api/get-booking';
import { payBooking } from '../api/pay-booking';

/** A held booking's payment: the methods it may be paid with, the wallet's balance, and Pay. */
export function PaymentChoice(props: { booking: Booking; money: (amount: number) => string }) {
  const { t } = useTranslation();
  const showError = useErrorToast();
  const user = useSignedInUser();
  const setPaymentAndTicketSummary = useAppStore((s) => s.setPaymentAndTicketSummary);
  const setSelectedPaymentOption = useAppStore((s) => s.setSelectedPaymentOption);
  const queryClient = useQueryClient();
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const [paying, setPaying] = useState(false);
  const { booking, money } = props;
  const chosen = method ?? booking.payment_methods[0] ?? null;

  const pay = async () => {
    if (!chosen) return;
    setPaying(true);
    setSelectedPaymentOption(chosen);
    try {
      const action = await payBooking(booking.pnr, chosen);
      if (action.type === 'paid') {
        queryClient.setQueryData(bookingQueryKey(booking.pnr), action.booking);
        setPaymentAndTicketSummary(
          { method: chosen, pnr: booking.pnr },
          { tickets: action.booking.tickets.length },
        );
        notify.success(t('booking.paid'));
      } else {
        goToGateway(action);
      }
    } catch (error) {
      showError(error);
    } finally {
      setPaying(false);
    }
  };

  return (
    <fieldset className="grid gap-2 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
      <legend className="px-1 font-semibold">{t('booking.payWith')}</legend>
      {booking.payment_methods.map((m) => (
        <label
          key={m}
          className="flex items-center gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
        >
          <input type="radio" name="method" value={m} checked={chosen === m} onChange={() => setMethod(m)} />
          <span className="font-medium">
            {m === 'wallet' ? t('booking.methods.wallet') : GATEWAY_NAMES[m]}
          </span>
          {m === 'wallet' && user?.wallet_balance !== undefined && (
            <span className="text-sm text-slate-600 dark:text-slate-400">
              {t('booking.balance', { amount: money(user.wallet_balance) })}
            </span>
          )}
        </label>
      ))}
      <Button type="button" busy={paying} onClick={() => void pay()} className="mt-2 h-12">
        {/* What is charged: an agent's price less commission (the fare summary's "You pay the agency"). */}
        {t('booking.payAmount', { amount: money(amountDueOf(booking.price)) })}
      </Button>
    </fieldset>
  );
}
