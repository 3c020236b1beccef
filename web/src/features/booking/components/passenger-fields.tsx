import { useId } from 'react';
import { useController, useWatch } from 'react-hook-form';
import type { Country } from '#shared/countries';
import { hasDevanagari, romanizeDevanagari } from '#shared/romanize-devanagari';
import { FieldError } from '../../../components/ui/field-error';
import { fieldClass } from '../../../components/ui/form-styles';
import { LocaleDateInput } from '../../../components/ui/locale-date-input';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { countryOptions, nationalityOptions } from '../../../lib/get-countries';
import { useTranslation } from '../../../lib/i18n';
import type { PassengerDraft } from '../booking-form';
import type { BookingFormControls } from './booking-form-controls';

const TITLES: Record<PassengerDraft['type'], string[]> = {
  adult: ['Mr', 'Mrs', 'Ms'],
  child: ['Mstr', 'Miss'],
  infant: ['Mstr', 'Miss'],
};

const selectLook =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900';

/** One passenger's details, registered as `passengers.<index>.<field>` (the API's error paths). */
export function PassengerFields(props: {
  index: number;
  type: PassengerDraft['type'];
  international: boolean;
  countries: Country[];
  form: BookingFormControls;
}) {
  const { t, i18n } = useTranslation();
  const { index, type, form } = props;
  const name = <F extends keyof PassengerDraft & string>(field: F) => `passengers.${index}.${field}` as const;
  const field = (key: Exclude<keyof PassengerDraft, 'type'>) => ({
    error: form.errorOf(name(key)),
    ...form.register(name(key)),
  });
  // The countries arrive after the form: the select is held to the form's value so it shows it.
  const nationality = useWatch({ control: form.control, name: name('nationality') });
  const passportCountry = useWatch({ control: form.control, name: name('passport_country') });
  const firstName = useWatch({ control: form.control, name: name('first_name') });
  const lastName = useWatch({ control: form.control, name: name('last_name') });
  /** A name typed in Nepali: offer it in the passport's Latin letters, one click to take it. */
  const romanized = (key: 'first_name' | 'last_name', typed: string | undefined) =>
    typed && hasDevanagari(typed) ? (
      <button
        type="button"
        className="min-h-11 text-start text-sm text-brand underline sm:col-span-1"
        // Pressing it must not blur the name first: the blur's error message would move the
        // button from under the pointer before the click lands.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() =>
          form.setValue(name(key), romanizeDevanagari(typed), { shouldValidate: true, shouldDirty: true })
        }
      >
        {t('booking.useLatinName', { name: romanizeDevanagari(typed) })}
      </button>
    ) : null;

  return (
    <fieldset className="grid gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 dark:bg-slate-900 dark:ring-slate-800">
      <legend className="px-1 font-semibold">
        {t('booking.passengerN', { n: index + 1, type: t(`results.passenger.${type}`) })}
      </legend>
      <SelectField
        label={t('booking.title')}
        selectClassName={selectLook}
        options={[
          ['', t('booking.choose')],
          ...TITLES[type].map((title): [string, string] => [title, t(`booking.titles.${title}`)]),
        ]}
        {...field('title')}
      />
      <SelectField
        label={t('booking.gender')}
        selectClassName={selectLook}
        options={[
          ['', t('booking.choose')],
          ['female', t('booking.female')],
          ['male', t('booking.male')],
          ['other', t('booking.otherGender')],
        ]}
        {...field('gender')}
      />
      <TextField
        label={t('booking.firstName')}
        autoComplete={index === 0 ? 'given-name' : 'off'}
        {...field('first_name')}
      />
      <TextField
        label={t('booking.lastName')}
        autoComplete={index === 0 ? 'family-name' : 'off'}
        {...field('last_name')}
      />
      {romanized('first_name', firstName)}
      {romanized('last_name', lastName)}
      <TextField
        label={t('booking.nepaliName')}
        hint={t('booking.nepaliNameHint')}
        lang="ne"
        autoComplete="off"
        className="sm:col-span-2"
        {...field('display_name_ne')}
      />
      <PassengerDateField
        label={type === 'adult' ? t('booking.dateOfBirthOptional') : t('booking.dateOfBirth')}
        name={name('date_of_birth')}
        form={form}
      />
      <SelectField
        label={t('search.nationality')}
        selectClassName={selectLook}
        options={nationalityOptions(props.countries, i18n.language)}
        {...field('nationality')}
        value={nationality}
      />
      {props.international && (
        <>
          <TextField label={t('booking.passportNumber')} {...field('passport_number')} />
          <PassengerDateField
            label={t('booking.passportExpiry')}
            name={name('passport_expiry')}
            form={form}
          />
          <SelectField
            label={t('booking.passportCountry')}
            selectClassName={selectLook}
            options={[
              ['', t('booking.passportCountrySame')],
              ...countryOptions(props.countries, i18n.language),
            ]}
            {...field('passport_country')}
            value={passportCountry}
          />
        </>
      )}
    </fieldset>
  );
}

/** A passenger's date (birth, passport expiry) in the UI language's order, held by the form. */
function PassengerDateField(props: {
  label: string;
  name: `passengers.${number}.date_of_birth` | `passengers.${number}.passport_expiry`;
  form: BookingFormControls;
}) {
  const id = useId();
  const { field } = useController({ control: props.form.control, name: props.name });
  const error = props.form.errorOf(props.name);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-300">
        {props.label}
      </label>
      <LocaleDateInput
        id={id}
        name={field.name}
        value={typeof field.value === 'string' ? field.value : ''}
        invalid={Boolean(error)}
        describedBy={error ? `${id}-error` : undefined}
        onChange={field.onChange}
        onBlur={field.onBlur}
        className={fieldClass(Boolean(error))}
      />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
