import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { createBookingRequest } from '#shared/bookings';

export interface PassengerDraft {
  type: 'adult' | 'child' | 'infant';
  title: string;
  first_name: string;
  last_name: string;
  gender: string;
  date_of_birth: string;
  nationality: string;
  passport_number: string;
  passport_expiry: string;
  /** The passport's issuing country (international trips; empty: the nationality's). */
  passport_country: string;
  /** The name in Nepali for the e-ticket (optional; left out when empty). */
  display_name_ne: string;
}

/** The passenger and contact form as typed; field names match the API's error paths. */
export interface BookingForm {
  passengers: PassengerDraft[];
  contact: { name: string; email: string; mobile: string };
  /** The buyer's PAN for the tax invoice (optional; left out when empty). */
  buyer_pan?: string;
  /** SMS about the booking at the contact's mobile (hold, ticket, disruption, reminder). */
  sms_updates?: boolean;
}

export type BookingRequest = z.output<typeof createBookingRequest>;

export const emptyPassenger = (type: PassengerDraft['type'], nationality: string): PassengerDraft => ({
  type,
  title: '',
  first_name: '',
  last_name: '',
  gender: '',
  date_of_birth: '',
  nationality,
  passport_number: '',
  passport_expiry: '',
  passport_country: '',
  display_name_ne: '',
});

/**
 * The request for the form: an empty date of birth, passport country or Nepali name is left
 * out, passports only abroad.
 */
export function toCreateBookingRequest(
  form: BookingForm,
  offers: { id: string; total: number }[],
  international: boolean,
) {
  return {
    offers,
    passengers: form.passengers.map((p) => ({
      type: p.type,
      title: p.title,
      first_name: p.first_name,
      last_name: p.last_name,
      gender: p.gender,
      nationality: p.nationality,
      ...(p.date_of_birth ? { date_of_birth: p.date_of_birth } : {}),
      ...(international ? { passport_number: p.passport_number, passport_expiry: p.passport_expiry } : {}),
      ...(international && p.passport_country ? { passport_country: p.passport_country } : {}),
      ...(p.display_name_ne?.trim() ? { display_name_ne: p.display_name_ne } : {}),
    })),
    contact: form.contact,
    ...(form.buyer_pan?.trim() ? { buyer_pan: form.buyer_pan.trim() } : {}),
    ...(form.sms_updates ? { sms_updates: true } : {}),
  };
}

/**
 * Validates the form with the API's own schema (`createBookingRequest`, the server parses the
 * same), so each field shows the message the server would give, and submits the parsed request.
 */
export function bookingFormResolver(
  offers: { id: string; total: number }[],
  international: boolean,
): Resolver<BookingForm, unknown, BookingRequest> {
  const resolve = zodResolver(createBookingRequest);
  return (values, context, options) =>
    resolve(
      toCreateBookingRequest(values, offers, international) as z.input<typeof createBookingRequest>,
      context,
      options as never,
    ) as ReturnType<Resolver<BookingForm, unknown, BookingRequest>>;
}
