import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { FlightOffer } from '#shared/flights';
import { formatMoney } from '#shared/format-money';
import { isInternational } from '#shared/nepal';
import { sumPrices } from '#shared/sum-prices';
import { isAgentUserType } from '#shared/user-types';
import { Button } from '../../components/ui/button';
import { CheckboxField } from '../../components/ui/checkbox-field';
import { TextField } from '../../components/ui/text-field';
import { ApiError } from '../../lib/api-client';
import { useAppStore } from '../../lib/app-context';
import { useCountries } from '../../lib/get-countries';
import { currentLanguage, useTranslation } from '../../lib/i18n';
import { useSignedInUser } from '../../lib/session/signed-in-user';
import { availabilityQueryOptions, checkAvailability } from './api/check-availability';
import { createBooking } from './api/create-booking';
import { type BookingForm, type BookingRequest, bookingFormResolver, emptyPassenger } from './booking-form';
import { FareSummary } from './components/fare-summary';
import { GuestCheckout } from './components/guest-checkout';
import { Itinerary } from './components/itinerary';
import { PassengerFields } from './components/passenger-fields';

/** Seed route /Booking/FlightConfirm: re-check the price, take passengers and contact, hold the seats. */
export function FlightConfirmPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSignedInUser();
  const offers = useAppStore((s) => s.flight.selectedOffers) as FlightOffer[];
  const nationality = useAppStore((s) => s.flight.params.nationality_code) || 'NP';
  const setModal = useAppStore((s) => s.setModal);
  const setAvailabilitySummary = useAppStore((s) => s.setAvailabilitySummary);
  const setPassengersInStore = useAppStore((s) => s.setPassengers);
  const setBookingSummary = useAppStore((s) => s.setBookingSummary);
  const countries = useCountries();
  const idempotencyKey = useRef(crypto.randomUUID());

  const offerPrices = offers.map((o) => ({ id: o.id, total: o.price.total }));
  const availability = useQuery({
    ...availabilityQueryOptions(offerPrices),
    queryFn: async () => {
      try {
        const result = await checkAvailability(offerPrices);
        setAvailabilitySummary(result as unknown as Record<string, unknown>);
        return result;
      } catch (error) {
        if (
          error instanceof ApiError &&
          (error.code === 'PRICE_CHANGED' || error.code === 'SOLD_OUT' || error.code === 'OFFER_EXPIRED')
        ) {
          const newPrice = error.data.new_price as { total: number; currency: 'NPR' | 'USD' } | undefined;
          setModal({
            status: true,
            title:
              error.code === 'PRICE_CHANGED' ? t('booking.priceChangedTitle') : t('booking.soldOutTitle'),
            content:
              error.code === 'PRICE_CHANGED' && newPrice
                ? `<p>${t('booking.priceChangedBody', { price: formatMoney(newPrice.total, newPrice.currency, currentLanguage()) })}</p>`
                : `<p>${error.message}</p>`,
          });
        }
        throw error;
      }
    },
    enabled: offers.length > 0 && Boolean(user),
  });

  const counts = offers[0]?.price.per_passenger ?? [];
  const international = useMemo(
    () => isInternational(offers.flatMap((o) => o.segments.flatMap((s) => [s.depart_code, s.dest_code]))),
    [offers],
  );
  const form = useForm<BookingForm, unknown, BookingRequest>({
    resolver: bookingFormResolver(offerPrices, international),
    mode: 'onTouched',
    defaultValues: {
      passengers: counts.flatMap((p) =>
        Array.from({ length: p.count }, () => emptyPassenger(p.type, nationality)),
      ),
      contact: {
        name: user ? `${user.firstName} ${user.lastName}` : '',
        email: user?.email ?? '',
        mobile: user?.phone ?? '',
      },
      buyer_pan: '',
      sms_updates: false,
    },
  });
  const passengerTypes = form.getValues('passengers').map((p) => p.type);
  const errorOf = (name: FieldPath<BookingForm>) => form.getFieldState(name, form.formState).error?.message;
  const [formError, setFormError] = useState<string | null>(null);
  const price = offers.length ? sumPrices(offers.map((o) => o.price)) : null;
  const agent = Boolean(user && isAgentUserType(user.type));

  if (offers.length === 0) {
    return (
      <section className="py-12 text-center">
        <h1 className="text-2xl font-semibold">{t('pages.flightConfirm.title')}</h1>
        <p className="mt-2">{t('booking.noFlightChosen')}</p>
        <Link to="/" className="mt-4 inline-block underline">
          {t('home.searchFlights')}
        </Link>
      </section>
    );
  }
  if (!user) {
    return (
      <section className="mx-auto max-w-md py-12 text-center">
        <h1 className="text-2xl font-semibold">{t('pages.flightConfirm.title')}</h1>
        <p className="mt-2">{t('booking.logInToBook')}</p>
        <div className="mt-4 flex justify-center gap-3">
          <Link
            to="/auth/login?next=/Booking/FlightConfirm"
            className="rounded-lg bg-brand px-4 py-2 font-semibold text-brand-contrast"
          >
            {t('header.logIn')}
          </Link>
          <Link
            to="/auth/signup?next=/Booking/FlightConfirm"
            className="rounded-lg border border-slate-300 px-4 py-2"
          >
            {t('header.signUp')}
          </Link>
        </div>
        <p className="mt-6">{t('booking.guest.orGuest')}</p>
        <GuestCheckout
          onContinued={(guest) => {
            form.setValue('contact.email', guest.email ?? '');
            form.setValue('contact.mobile', guest.mobile ?? '');
          }}
        />
      </section>
    );
  }

  const submit = form.handleSubmit(async (request) => {
    setFormError(null);
    try {
      // The SMS, if asked for, are written in the language the traveller books in.
      const booking = await createBooking(
        { ...request, language: currentLanguage() },
        idempotencyKey.current,
      );
      setPassengersInStore(booking.passengers);
      setBookingSummary(booking as unknown as Record<string, unknown>);
      navigate(`/Booking/BookingConfirm?pnr=${booking.pnr}`);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length) {
        for (const [name, message] of Object.entries(error.fields))
          form.setError(name as FieldPath<BookingForm>, { type: 'server', message });
        focusFirstError();
      } else setFormError(error instanceof Error ? error.message : String(error));
      if (error instanceof ApiError && (error.code === 'PRICE_CHANGED' || error.code === 'SOLD_OUT')) {
        idempotencyKey.current = crypto.randomUUID();
        void availability.refetch();
      }
    }
  });

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <div className="grid content-start gap-4">
        <h1 className="text-2xl font-semibold">{t('pages.flightConfirm.title')}</h1>
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          {availability.isPending
            ? t('booking.checkingPrice')
            : availability.isSuccess
              ? t('booking.priceConfirmed')
              : ''}
        </p>
        {formError && (
          <p
            role="alert"
            className="rounded-lg bg-red-50 px-3 py-2 text-red-800 dark:bg-red-950 dark:text-red-200"
          >
            {formError}
          </p>
        )}
        {passengerTypes.map((type, index) => (
          <PassengerFields
            // biome-ignore lint/suspicious/noArrayIndexKey: passengers are fixed slots decided by the search; they never reorder
            key={index}
            index={index}
            type={type}
            international={international}
            countries={countries.data ?? []}
            form={{ control: form.control, register: form.register, setValue: form.setValue, errorOf }}
          />
        ))}
        <fieldset className="grid gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-3 dark:bg-slate-900 dark:ring-slate-800">
          <legend className="px-1 font-semibold">{t('booking.contact')}</legend>
          <TextField
            label={t('booking.contactName')}
            autoComplete="name"
            error={errorOf('contact.name')}
            {...form.register('contact.name')}
          />
          <TextField
            label={t('auth.email')}
            type="email"
            autoComplete="email"
            error={errorOf('contact.email')}
            {...form.register('contact.email')}
          />
          <TextField
            label={t('auth.mobile')}
            type="tel"
            autoComplete="tel"
            error={errorOf('contact.mobile')}
            {...form.register('contact.mobile')}
          />
          <TextField
            label={t('booking.buyerPan')}
            inputMode="numeric"
            error={errorOf('buyer_pan')}
            {...form.register('buyer_pan')}
          />
          <CheckboxField
            className="sm:col-span-3"
            label={t('booking.smsUpdates')}
            error={errorOf('sms_updates')}
            {...form.register('sms_updates')}
          />
        </fieldset>
        <Button
          type="button"
          busy={form.formState.isSubmitting}
          disabled={!availability.isSuccess}
          onClick={() => void submit()}
          className="h-12 sm:justify-self-end"
        >
          {t('booking.continueToPayment')}
        </Button>
      </div>
      <div className="grid content-start gap-4">
        {price && <FareSummary price={price} showCommission={agent} />}
        <Itinerary legs={offers} />
      </div>
    </div>
  );
}

/** After a failed submit, the keyboard starts at the first field that needs fixing. */
function focusFirstError() {
  requestAnimationFrame(() => document.querySelector<HTMLElement>('main [aria-invalid="true"]')?.focus());
}
