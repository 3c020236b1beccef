import { FOOTER_PHONE_PREFIX } from '#shared/constants';
import type { PublicSiteConfig } from '#shared/site-config';
import { browserStorage } from '../../lib/browser-storage';

/** Contact data a partner app hands over (spec §3: telephone_no, mobile, email). */
export interface ContactData {
  telephone_no?: string;
  mobile?: string;
  email?: string;
}

/** The base64 data a partner app opened the site with, if any. */
export function storedBase64Data(config: PublicSiteConfig): string {
  return browserStorage.get(config.base64Name) ?? '';
}

/** Where the header logo leads: home, or in app-SDK mode back into the partner's session. */
export function headerLogoHref(config: PublicSiteConfig): string {
  if (!config.isAppSdk) return '/';
  return `/?data=${encodeURIComponent(storedBase64Data(config))}&skip=1`;
}

/** Where the footer logo leads (spec §2): home with the stored data. */
export function footerLogoHref(config: PublicSiteConfig): string {
  return `/?data=${encodeURIComponent(storedBase64Data(config))}`;
}

export function contactData(config: PublicSiteConfig): Required<ContactData> {
  const stored = browserStorage.getJson<ContactData>(config.contactDataKey) ?? {};
  return {
    telephone_no: stored.telephone_no || config.telephone,
    mobile: stored.mobile || config.phone,
    email: stored.email || config.email,
  };
}

/** A Nepali number as people read it: "+977 9801234567". */
export function displayPhone(phone: string): string {
  return `${FOOTER_PHONE_PREFIX} ${phone.replace(/\D/g, '').replace(/^977/, '')}`;
}

/** The same number for a tel: link: "+9779801234567". */
export function dialablePhone(phone: string): string {
  return displayPhone(phone).replace(/\s/g, '');
}

/**
 * Back to the partner app that opened the site (docs/web.md#the-bank-app-app-sdk-mode): the page before this
 * visit's first. React Router numbers this visit's history entries from 0 (`history.state.idx`), so going
 * back one more than the current number leaves the site; opened with nothing before it, the webview
 * is closed instead (partner apps close it, or intercept the call).
 */
export function backToPartnerApp(): void {
  const index = (window.history.state as { idx?: unknown } | null)?.idx;
  const steps = (typeof index === 'number' ? index : 0) + 1;
  if (window.history.length > steps) window.history.go(-steps);
  else window.close();
}
