import DOMPurify from 'dompurify';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppStore, useSiteConfig } from '../../../lib/app-context';
import { browserStorage } from '../../../lib/browser-storage';
import { useTranslation } from '../../../lib/i18n';

/**
 * Seed §2 global confirm modal: a title and HTML content (sanitised); Cancel when cancel text is
 * set, a confirm button with a spinner when confirm text is set, Close when there is no confirm
 * text and the page is not /. It is static: neither Escape nor the backdrop dismisses it.
 */
export default function ConfirmModal() {
  const { t } = useTranslation();
  const config = useSiteConfig();
  const modal = useAppStore((s) => s.modal);
  const resetModal = useAppStore((s) => s.resetModal);
  const clearBookingState = useAppStore((s) => s.clearBookingState);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [working, setWorking] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();

  useEffect(() => {
    // The dialog leaves the page without close() (the store closes it), so focus is returned here.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.current?.open) dialog.current?.showModal();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  /** What happens when there is no confirm handler (spec §2). */
  const pageDefault = () => {
    resetModal();
    if (pathname === '/Booking/FlightConfirm') {
      clearBookingState();
      browserStorage.remove(config.base64Name);
      navigate('/flight-search');
    } else if (pathname === '/Booking/BookingConfirm') {
      clearBookingState();
      navigate('/');
    }
  };

  const confirm = async () => {
    if (!modal.handleConfirm) return pageDefault();
    setWorking(true);
    try {
      await modal.handleConfirm();
    } finally {
      setWorking(false);
      resetModal();
    }
  };

  const cancel = () => {
    modal.handleCancel?.();
    resetModal();
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      onCancel={(event) => event.preventDefault()}
      className="m-auto w-[min(92vw,28rem)] rounded-2xl p-6 backdrop:bg-black/50 dark:bg-slate-900 dark:text-slate-100"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {modal.title}
      </h2>
      <div
        className="mt-3 space-y-2 text-slate-700 dark:text-slate-300"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: content is sanitised by DOMPurify first
        dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(modal.content) }}
      />
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        {modal.cancelText && (
          <button
            type="button"
            onClick={cancel}
            className="rounded-lg border border-slate-300 px-4 py-2 dark:border-slate-600"
          >
            {modal.cancelText}
          </button>
        )}
        {modal.confirmText && (
          <button
            type="button"
            onClick={() => void confirm()}
            disabled={working}
            aria-busy={working}
            className="flex items-center gap-2 rounded-lg bg-brand px-4 py-2 font-semibold text-brand-contrast disabled:opacity-70"
          >
            {working && (
              <span
                aria-hidden="true"
                className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent"
              />
            )}
            {working && <span className="sr-only">{t('modal.working')}</span>}
            {modal.confirmText}
          </button>
        )}
        {!modal.confirmText && pathname !== '/' && (
          <button
            type="button"
            onClick={pageDefault}
            className="rounded-lg bg-brand px-4 py-2 font-semibold text-brand-contrast"
          >
            {t('modal.close')}
          </button>
        )}
      </div>
    </dialog>
  );
}
