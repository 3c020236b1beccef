import { useEffect, useId, useRef } from 'react';
import { useSiteConfig } from '../../../lib/app-context';
import { browserStorage } from '../../../lib/browser-storage';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useSetSignedInCommission, useSignedInUser } from '../../../lib/session/signed-in-user';
import { useZodForm } from '../../../lib/use-zod-form';
import { updateCommission } from '../api/update-commission';
import { commissionForm, initialCommissionField } from '../commission-rules';

/** Seed §2 commission modal: one numeric field; backdrop or cross closes it and resets the field. */
export function CommissionModal(props: { onClose: () => void }) {
  const { t } = useTranslation();
  const config = useSiteConfig();
  const current = useSignedInUser()?.commission_percent;
  const setSignedInCommission = useSetSignedInCommission();
  const messages = { required: t('commission.required'), outOfRange: t('commission.outOfRange') };
  const { form, errorOf } = useZodForm(commissionForm(messages), {
    percent: initialCommissionField(current),
  });
  const fieldError = errorOf('percent');
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  const close = () => {
    form.reset({ percent: initialCommissionField(current) });
    dialog.current?.close();
    props.onClose();
  };

  const save = form.handleSubmit(
    async ({ percent }) => {
      try {
        const result = await updateCommission(percent, browserStorage.get(config.userTokenName));
        if (!result.ok) {
          notify.error(result.message ?? t('messages.genericError'));
          return;
        }
        setSignedInCommission(percent);
        notify.success(t('commission.success'));
        dialog.current?.close();
        props.onClose();
      } catch {
        notify.error(t('commission.failed'));
      }
    },
    // Seed §5: out of range is also said in a toast, and no call is made.
    (errors) => {
      if (errors.percent?.message === messages.outOfRange) notify.error(messages.outOfRange);
    },
  );

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click only catches the backdrop; Escape arrives as onCancel
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onClick={(event) => {
        if (event.target === dialog.current) close();
      }}
      className="m-auto w-[min(92vw,24rem)] rounded-2xl p-0 backdrop:bg-black/50 dark:bg-slate-900 dark:text-slate-100"
    >
      <form className="p-6" noValidate onSubmit={(event) => void save(event)}>
        <div className="flex items-start justify-between">
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {t('commission.title')}
          </h2>
          <button
            type="button"
            aria-label={t('commission.close')}
            onClick={close}
            className="-m-2 p-2 text-xl leading-none"
          >
            ×
          </button>
        </div>
        <label htmlFor={`${id}-percent`} className="mt-4 block text-sm font-medium">
          {t('commission.label')}
        </label>
        <input
          id={`${id}-percent`}
          type="number"
          inputMode="decimal"
          min={0}
          max={20}
          step="any"
          placeholder={t('commission.placeholder')}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${id}-error` : undefined}
          {...form.register('percent')}
          className={`mt-1 w-full rounded-lg border px-3 py-2 dark:bg-slate-800 ${fieldError ? 'border-red-600' : 'border-slate-300 dark:border-slate-600'}`}
        />
        {fieldError && (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
            {fieldError}
          </p>
        )}
        <button
          type="submit"
          disabled={form.formState.isSubmitting}
          className="mt-5 w-full rounded-lg bg-brand px-4 py-2 font-semibold text-brand-contrast disabled:opacity-60"
        >
          {t('commission.save')}
        </button>
      </form>
    </dialog>
  );
}
