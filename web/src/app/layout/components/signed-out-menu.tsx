import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { LanguageSwitch } from './language-switch';
import { useCloseOnOutsideClick } from './use-close-on-outside-click';

/**
 * Under 640 px the header keeps the logo and "Log In"; Sign Up and the language fold into this
 * menu, so the header fits a 320 px phone (docs/web.md#every-phone-width).
 */
export function SignedOutMenu(props: { selfLogin: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useCloseOnOutsideClick(open, container, close);
  const itemClass =
    'flex min-h-11 w-full items-center px-4 text-left hover:bg-slate-100 dark:hover:bg-slate-800';
  return (
    <div className="relative sm:hidden" ref={container}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls="header-menu"
        aria-label={t('header.menu')}
        onClick={() => setOpen((v) => !v)}
        className="flex h-11 w-11 items-center justify-center rounded-full border border-slate-300 text-lg dark:border-slate-600"
      >
        <span aria-hidden="true">☰</span>
      </button>
      {open && (
        <div
          id="header-menu"
          className="absolute right-0 z-40 mt-2 w-48 rounded-lg border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {props.selfLogin && (
            <Link to="/auth/signup" className={itemClass} onClick={() => setOpen(false)}>
              {t('header.signUp')}
            </Link>
          )}
          <LanguageSwitch className={itemClass} />
        </div>
      )}
    </div>
  );
}
