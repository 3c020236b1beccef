/** GSM 03.38's basic characters: one septet each. */
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
/** GSM 03.38's extension table: an escape and the character, two septets each. */
const GSM_EXTENDED = new Set('^{}\\[~]|€\f');

export interface SmsLength {
  /** `gsm`: GSM-7 (160 a message, 153 a part); `unicode`: UCS-2 (70 a message, 67 a part). */
  encoding: 'gsm' | 'unicode';
  /** Septets (GSM-7) or UTF-16 code units (Unicode) the text takes. */
  units: number;
  /** Messages the phone receives it as (concatenated SMS when more than one). */
  parts: number;
}

/**
 * How long a text is as an SMS: GSM-7 when every character is in GSM 03.38 (the extension
 * table's count twice), else UCS-2, as Nepali in Devanagari always is.
 */
export function smsLength(text: string): SmsLength {
  let septets = 0;
  let gsm = true;
  for (const char of text) {
    if (GSM_BASIC.has(char)) septets += 1;
    else if (GSM_EXTENDED.has(char)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) return { encoding: 'gsm', units: septets, parts: septets <= 160 ? 1 : Math.ceil(septets / 153) };
  const units = text.length;
  return { encoding: 'unicode', units, parts: units <= 70 ? 1 : Math.ceil(units / 67) };
}
