import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, type Language } from '../../../lib/i18n';

/** Switches between English and Nepali; the label is always in the other language. */
export function LanguageSwitch(props: { className?: string; role?: 'menuitem' }) {
  const { t } = useTranslation();
  const other: Language = currentLanguage() === 'en' ? 'ne' : 'en';
  return (
    <button
      type="button"
      role={props.role}
      lang={other}
      onClick={() => void changeLanguage(other)}
      className={
        props.className ?? 'rounded-full px-3 py-2 font-medium hover:bg-slate-100 dark:hover:bg-slate-800'
      }
    >
      {t(`language.${other}`)}
    </button>
  );
}
