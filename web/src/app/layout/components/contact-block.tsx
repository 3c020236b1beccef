import { useSiteConfig } from '../../../lib/app-context';
import { useTranslation } from '../../../lib/i18n';
import { contactData, dialablePhone, displayPhone } from '../brand-links';

/**
 * Seed §2 app-SDK contact block: the telephone, the mobile with call, Viber and WhatsApp links,
 * and the e-mail, from the contact data the partner app passed (the brand's own otherwise).
 */
export function ContactBlock() {
  const config = useSiteConfig();
  const { t } = useTranslation();
  const contact = contactData(config);
  const mobile = contact.mobile ? dialablePhone(contact.mobile) : '';
  return (
    <ul className="space-y-2">
      {contact.telephone_no && (
        <li>
          {t('header.telephone')}:{' '}
          <a className="underline" href={`tel:${contact.telephone_no}`}>
            {contact.telephone_no}
          </a>
        </li>
      )}
      {mobile && (
        <li>
          {t('header.mobile')}: {displayPhone(contact.mobile)}
          <div className="mt-1 flex gap-3">
            <a className="underline" href={`tel:${mobile}`}>
              {t('header.call')}
            </a>
            <a className="underline" href={`viber://chat?number=${encodeURIComponent(mobile)}`}>
              {t('header.viber')}
            </a>
            <a className="underline" href={`https://wa.me/${mobile.replace('+', '')}`}>
              {t('header.whatsapp')}
            </a>
          </div>
        </li>
      )}
      {contact.email && (
        <li>
          {t('header.email')}:{' '}
          <a className="underline" href={`mailto:${contact.email}`}>
            {contact.email}
          </a>
        </li>
      )}
    </ul>
  );
}
