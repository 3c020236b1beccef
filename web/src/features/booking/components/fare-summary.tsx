import { Fragment } from 'react';
import type { OfferPrice } from '#shared/flights';
import { formatMoney } from '#shared/format-money';
import { type ReceiptLineKind, receiptLines } from '#shared/receipt-lines';
import { currentLanguage, useTranslation } from '../../../lib/i18n';

const RECEIPT_LINE_KEYS: Record<ReceiptLineKind, string> = {
  base: 'booking.baseFare',
  fuel_surcharge: 'booking.fuelSurcharge',
  service_charge: 'booking.serviceCharge',
  vat: 'booking.vat',
  tourism_service_fee: 'booking.tourismServiceFee',
};

/**
 * Per passenger type: one person's receipt lines (base fare, fuel surcharge, passenger service
 * charge, VAT, Tourism Service Fee) under a per-person line they sum to, then that person's price
 * times the travellers of the type; the total says for how many travellers, so every line adds up.
 * For an agent, gross, the commission the agency grants and the net they pay, then their own markup
 * and what their client pays (spec §12.4).
 */
export function FareSummary(props: { price: OfferPrice; showCommission: boolean }) {
  const { t } = useTranslation();
  const money = (amount: number) => formatMoney(amount, props.price.currency, currentLanguage());
  const travellers = props.price.per_passenger.reduce((sum, p) => sum + p.count, 0);
  return (
    <section
      aria-labelledby="fare-summary"
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 id="fare-summary" className="font-semibold">
        {t('booking.fareSummary')}
      </h2>
      {/* A <dl> may hold only one level of <div> around its name–value pairs. */}
      <dl className="mt-3 grid gap-0.5 text-sm">
        {props.price.per_passenger.map((p, index) => (
          <Fragment key={p.type}>
            <div className={`flex justify-between font-medium ${index ? 'mt-2' : ''}`}>
              <dt>{t('booking.perPerson', { type: t(`results.passenger.${p.type}`) })}</dt>
              <dd data-testid={`per-person-${p.type}`}>{money(p.total)}</dd>
            </div>
            {receiptLines(p).map((line) => (
              <div
                key={line.kind}
                className="flex justify-between text-slate-600 dark:text-slate-400"
                data-testid={`receipt-${line.kind}`}
              >
                <dt>{t(RECEIPT_LINE_KEYS[line.kind])}</dt>
                <dd>{money(line.amount)}</dd>
              </div>
            ))}
            <div className="flex justify-between font-medium">
              <dt>{t('booking.typeSubtotal', { type: t(`results.passenger.${p.type}`), count: p.count })}</dt>
              <dd data-testid={`subtotal-${p.type}`}>{money(p.subtotal)}</dd>
            </div>
          </Fragment>
        ))}
        <div className="mt-2 flex justify-between border-t border-slate-200 pt-2 text-base font-bold dark:border-slate-700">
          <dt data-testid="booking-total-label">{t('booking.totalFor', { count: travellers })}</dt>
          <dd data-testid="booking-total">{money(props.price.total)}</dd>
        </div>
        {props.showCommission && props.price.commission && (
          <>
            <div className="flex justify-between text-emerald-700 dark:text-emerald-400">
              <dt>{t('booking.commission', { percent: props.price.commission.percent })}</dt>
              <dd>−{money(props.price.commission.amount)}</dd>
            </div>
            {props.price.master_markup && (
              <div className="flex justify-between">
                <dt>{t('booking.masterMarkup', { percent: props.price.master_markup.percent })}</dt>
                <dd data-testid="master-markup">+{money(props.price.master_markup.amount)}</dd>
              </div>
            )}
            <div className="flex justify-between font-semibold">
              <dt>{t('booking.netFare')}</dt>
              <dd data-testid="net-fare">{money(props.price.commission.net_total)}</dd>
            </div>
          </>
        )}
        {props.showCommission && props.price.agent_markup && (
          <>
            <div className="mt-2 flex justify-between border-t border-slate-200 pt-2 dark:border-slate-700">
              <dt>{t('booking.agentMarkup', { percent: props.price.agent_markup.percent })}</dt>
              <dd>+{money(props.price.agent_markup.amount)}</dd>
            </div>
            <div className="flex justify-between font-semibold">
              <dt>{t('booking.clientPays')}</dt>
              <dd data-testid="client-price">{money(props.price.agent_markup.selling_total)}</dd>
            </div>
          </>
        )}
      </dl>
    </section>
  );
}
