import { type ReactNode, useEffect, useId, useRef } from 'react';
import { buttonClass, secondaryButtonClass } from '../../../components/ui/form-styles';
import { useTranslation } from '../../../lib/i18n';

/**
 * The step before a money move in the console (docs/admin.md#the-web-console): a modal dialog
 * naming the account and the amount, with the action's own words on its button. Escape or Cancel
 * closes it with nothing sent.
 */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  /** The account and the amount, in words. */
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (props.open && !element.open) element.showModal();
    if (!props.open && element.open) element.close();
  }, [props.open]);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl bg-white p-5 text-slate-900 shadow-xl backdrop:bg-slate-900/50 dark:bg-slate-900 dark:text-slate-100"
      onCancel={(event) => {
        event.preventDefault();
        props.onCancel();
      }}
    >
      {props.open && (
        <>
          <h2 id={titleId} className="text-lg font-semibold">
            {props.title}
          </h2>
          <div className="mt-3 grid gap-1 text-sm">{props.children}</div>
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <button type="button" className={secondaryButtonClass} onClick={props.onCancel}>
              {t('admin.cockpit.confirm.cancel')}
            </button>
            <button type="button" className={buttonClass} disabled={props.busy} onClick={props.onConfirm}>
              {props.confirmLabel}
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}

/** One line of a confirmation: what, and its value in bold. */
export function ConfirmLine(props: { label: string; value: string }) {
  return (
    <p>
      {props.label}: <strong>{props.value}</strong>
    </p>
  );
}
