import { useTranslation } from 'react-i18next';
import type { Country } from '#shared/countries';
import { TextField } from '../../../components/ui/text-field';

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
}

const TITLES: Record<PassengerDraft['type'], string[]> = {
  adult: ['Mr', 'Mrs', 'Ms'],
  child: ['Mstr', 'Miss'],
  infant: ['Mstr', 'Miss'],
};

/** One passenger's details; errors come keyed like the API's (`passengers.1.first_name`). */
export function PassengerFields(props: {
  index: number;
  value: PassengerDraft;
  international: boolean;
  countries: Country[];
  errors: Record<string, string>;
  onChange: (value: PassengerDraft) => void;
}) {
  const { t } = useTranslation();
  const { value, index } = props;
  const error = (field: string) => props.errors[`passengers.${index}.${field}`];
  const set = (patch: Partial<PassengerDraft>) => props.onChange({ ...value, ...patch });
  const select = 'w-full rounded-lg border bg-white px-3 py-2.5 text-base dark:bg-slate-900';

  return (
    <fieldset className="grid gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 dark:bg-slate-900 dark:ring-slate-800">
      <legend className="px-1 font-semibold">
        {t('booking.passengerN', { n: index + 1, type: t(`results.passenger.${value.type}`) })}
      </legend>
      <label className="block">
        <span className="mb-1 block text-sm font-medium">{t('booking.title')}</span>
        <select
          value={value.title}
          aria-invalid={error('title') ? true : undefined}
          onChange={(event) => set({ title: event.target.value })}
          className={`${select} ${error('title') ? 'border-red-600' : 'border-slate-300 dark:border-slate-600'}`}
        >
          <option value="">{t('booking.choose')}</option>
          {TITLES[value.type].map((title) => (
            <option key={title} value={title}>
              {t(`booking.titles.${title}`)}
            </option>
          ))}
        </select>
        {error('title') && (
          <span className="mt-1 block text-sm text-red-700 dark:text-red-400">{error('title')}</span>
        )}
      </label>
      <label className="block">
        <span className="mb-1 block text-sm font-medium">{t('booking.gender')}</span>
        <select
          value={value.gender}
          aria-invalid={error('gender') ? true : undefined}
          onChange={(event) => set({ gender: event.target.value })}
          className={`${select} ${error('gender') ? 'border-red-600' : 'border-slate-300 dark:border-slate-600'}`}
        >
          <option value="">{t('booking.choose')}</option>
          <option value="female">{t('booking.female')}</option>
          <option value="male">{t('booking.male')}</option>
          <option value="other">{t('booking.otherGender')}</option>
        </select>
        {error('gender') && (
          <span className="mt-1 block text-sm text-red-700 dark:text-red-400">{error('gender')}</span>
        )}
      </label>
      <TextField
        label={t('booking.firstName')}
        autoComplete={index === 0 ? 'given-name' : 'off'}
        value={value.first_name}
        error={error('first_name')}
        onChange={(event) => set({ first_name: event.target.value })}
      />
      <TextField
        label={t('booking.lastName')}
        autoComplete={index === 0 ? 'family-name' : 'off'}
        value={value.last_name}
        error={error('last_name')}
        onChange={(event) => set({ last_name: event.target.value })}
      />
      <TextField
        label={value.type === 'adult' ? t('booking.dateOfBirthOptional') : t('booking.dateOfBirth')}
        type="date"
        value={value.date_of_birth}
        error={error('date_of_birth')}
        onChange={(event) => set({ date_of_birth: event.target.value })}
      />
      <label className="block">
        <span className="mb-1 block text-sm font-medium">{t('search.nationality')}</span>
        <select
          value={value.nationality}
          aria-invalid={error('nationality') ? true : undefined}
          onChange={(event) => set({ nationality: event.target.value })}
          className={`${select} border-slate-300 dark:border-slate-600`}
        >
          {props.countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.nationality} ({c.name})
            </option>
          ))}
        </select>
      </label>
      {props.international && (
        <>
          <TextField
            label={t('booking.passportNumber')}
            value={value.passport_number}
            error={error('passport_number')}
            onChange={(event) => set({ passport_number: event.target.value })}
          />
          <TextField
            label={t('booking.passportExpiry')}
            type="date"
            value={value.passport_expiry}
            error={error('passport_expiry')}
            onChange={(event) => set({ passport_expiry: event.target.value })}
          />
        </>
      )}
    </fieldset>
  );
}
