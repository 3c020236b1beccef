import type { Control, FieldPath, UseFormRegister, UseFormSetValue } from 'react-hook-form';
import type { BookingForm, BookingRequest } from '../booking-form';

/** What a part of the booking form needs from the page's react-hook-form instance. */
export interface BookingFormControls {
  control: Control<BookingForm, unknown, BookingRequest>;
  register: UseFormRegister<BookingForm>;
  setValue: UseFormSetValue<BookingForm>;
  errorOf: (name: FieldPath<BookingForm>) => string | undefined;
}
