import { changeLanguage, currentLanguage, type Language, useTranslation } from '../../../lib/i18n';

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
      {/* "नेपाली" in its own small font, so an English page loads no Devanagari font for it. */}
      <span className={other === 'ne' ? 'font-nepali-label' : undefined}>{t(`language.${other}`)}</span>
    </button>
  );
}
