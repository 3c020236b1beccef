import { expect, it } from 'vitest';
import { type BookingForm, bookingFormResolver, emptyPassenger } from './booking-form';

const offers = [{ id: 'offer-1', total: 797892 }];
const resolve = (form: BookingForm, international = false) =>
  bookingFormResolver(offers, international)(form, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });

const filled: BookingForm = {
  passengers: [
    { ...emptyPassenger('adult', 'NP'), title: 'Mr', first_name: 'Ram', last_name: 'Thapa', gender: 'male' },
  ],
  contact: { name: 'Ram Thapa', email: 'ram@example.com', mobile: '+977 9841234567' },
};

it('puts the API schema’s messages on the fields the form names, as the server would key them', async () => {
  const result = await resolve({
    ...filled,
    passengers: [{ ...emptyPassenger('adult', 'NP'), last_name: 'Thapa', gender: 'male' }],
    contact: { ...filled.contact, name: '' },
  });
  const errors = result.errors as Record<string, unknown> & {
    passengers?: { first_name?: { message: string }; title?: { message: string } }[];
    contact?: { name?: { message: string } };
  };
  expect(errors.passengers?.[0]?.first_name?.message).toBeTruthy();
  expect(errors.passengers?.[0]?.title?.message).toBeTruthy();
  expect(errors.contact?.name?.message).toBe('Enter a contact name.');
});

it('sends a filled form as the booking request: no empty date of birth, passports only abroad', async () => {
  const domestic = await resolve(filled);
  expect(domestic.errors).toEqual({});
  const request = domestic.values as { offers: unknown; passengers: Record<string, unknown>[] };
  expect(request.offers).toEqual(offers);
  expect(request.passengers[0]).not.toHaveProperty('date_of_birth');
  expect(request.passengers[0]).not.toHaveProperty('passport_number');

  const abroad = await resolve(filled, true);
  const abroadErrors = abroad.errors as { passengers?: { passport_number?: { message: string } }[] };
  expect(abroadErrors.passengers?.[0]?.passport_number?.message).toBeTruthy();
});

it('sends the passport’s issuing country abroad when chosen, and the Nepali name when given', async () => {
  const passport = { passport_number: 'PA1234567', passport_expiry: '2035-01-01' };
  const [first] = filled.passengers;
  if (!first) throw new Error('no passenger');
  const chosen = await resolve(
    {
      ...filled,
      passengers: [{ ...first, ...passport, passport_country: 'in', display_name_ne: 'राम थापा' }],
    },
    true,
  );
  expect(chosen.errors).toEqual({});
  expect((chosen.values as { passengers: Record<string, unknown>[] }).passengers[0]).toMatchObject({
    passport_country: 'IN',
    display_name_ne: 'राम थापा',
  });
  const same = await resolve({ ...filled, passengers: [{ ...first, ...passport }] }, true);
  const sent = (same.values as { passengers: Record<string, unknown>[] }).passengers[0];
  expect(sent).not.toHaveProperty('passport_country');
  expect(sent).not.toHaveProperty('display_name_ne');

  const latin = await resolve({ ...filled, passengers: [{ ...first, display_name_ne: 'Ram' }] });
  const errors = latin.errors as { passengers?: { display_name_ne?: { message: string } }[] };
  expect(errors.passengers?.[0]?.display_name_ne?.message).toBe(
    'Write the Nepali name in Devanagari letters.',
  );
});
