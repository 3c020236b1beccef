import { adToBs, formatBsDate, toDevanagariDigits } from '#shared/bikram-sambat';
import { utcToLocal } from '#shared/time/zoned';
import type { BookingSmsKind, DisruptionChange, SmsLanguage } from '../../db/schema/index';

/** What a booking's SMS says: facts only, never a link that signs anyone in, never a secret. */
export interface BookingSmsFacts {
  kind: BookingSmsKind;
  language: SmsLanguage;
  /** The brand's short name, first in every message (cut to 20 characters). */
  brandName: string;
  pnr: string;
  /** The first flight: its number, airports and local departure (`2026-05-01T06:30:00+05:45`). */
  flight: { number: string; from: string; to: string; departAt: string };
  /** Held: when the hold lapses. */
  holdExpiresAt?: Date;
  /** Disrupted: what happened, and the new local departure (`2026-05-01T09:30`) when moved. */
  change?: DisruptionChange;
  newDepartureLocal?: string | null;
}

const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A local wall time as an SMS shows it: `1 May 06:30` in English; in Nepali the Bikram Sambat date
 * and Devanagari digits, `१८ वैशाख ०६:३०`. The reading is the departure airport's own (the API's
 * `depart_at` carries it), never converted.
 */
export function smsTime(localIso: string, language: SmsLanguage): string {
  const date = localIso.slice(0, 10);
  const time = localIso.slice(11, 16);
  if (language === 'ne') {
    const bs = adToBs(date);
    const day = bs ? formatBsDate(bs, 'ne').replace(/ [०-९]+$/, '') : toDevanagariDigits(date);
    return `${day} ${toDevanagariDigits(time)}`;
  }
  const [, month, day] = date.split('-').map(Number);
  return `${day} ${EN_MONTHS[(month ?? 1) - 1]} ${time}`;
}

/**
 * The text of one booking SMS, in the traveller's language: English in GSM-7 within one message
 * (160 characters); Nepali in Unicode within two parts (134 characters). Tests hold both.
 */
export function composeBookingSms(facts: BookingSmsFacts): string {
  const brand = facts.brandName.trim().slice(0, 20);
  const { flight, pnr } = facts;
  const route = `${flight.from}-${flight.to}`;
  const ne = facts.language === 'ne';
  const departs = smsTime(flight.departAt, facts.language);
  switch (facts.kind) {
    case 'held': {
      const payBy = facts.holdExpiresAt
        ? smsTime(utcToLocal(facts.holdExpiresAt.getTime(), 'Asia/Kathmandu').iso, facts.language).replace(
            /^.* /,
            '',
          )
        : null;
      return ne
        ? `${brand}: PNR ${pnr} राखियो। ${route} ${departs} (स्थानीय)।${payBy ? ` ${payBy} भित्र भुक्तानी गर्नुहोस्।` : ''}`
        : `${brand}: Booking ${pnr} held. ${flight.number} ${route} ${departs} local time.${payBy ? ` Pay by ${payBy} Nepal time or the seats are released.` : ''}`;
    }
    case 'ticketed':
      return ne
        ? `${brand}: टिकट जारी भयो। PNR ${pnr}, ${flight.number} ${route} ${departs} (स्थानीय)। ई-टिकट इमेलमा छ।`
        : `${brand}: Ticketed. PNR ${pnr}, ${flight.number} ${route} ${departs} local time. Your e-ticket is in your e-mail. Have a good flight!`;
    case 'reminder':
      return ne
        ? `${brand}: सम्झना: ${flight.number} ${route} ${departs} (स्थानीय) मा उड्छ। PNR ${pnr}।`
        : `${brand}: Reminder: ${flight.number} ${route} departs ${departs} local time. PNR ${pnr}. Please be at the airport in good time.`;
    case 'disrupted':
      return disruptedText(brand, facts, route, departs);
  }
}

function disruptedText(brand: string, facts: BookingSmsFacts, route: string, departs: string): string {
  const { pnr, flight } = facts;
  const ne = facts.language === 'ne';
  const newTime = facts.newDepartureLocal ? smsTime(facts.newDepartureLocal, facts.language) : null;
  switch (facts.change) {
    case 'cancelled':
      return ne
        ? `${brand}: ${flight.number} ${route} ${departs} रद्द भयो (PNR ${pnr})। निःशुल्क अर्को उडान वा पूरा फिर्ताका लागि बुकिङ हेर्नुहोस्।`
        : `${brand}: Flight ${flight.number} ${route} ${departs} is cancelled (PNR ${pnr}). Open your booking to move free of charge or get a full refund.`;
    case 'delayed':
    case 'retimed':
      if (newTime)
        return ne
          ? `${brand}: ${flight.number} ${route} अब ${newTime} (स्थानीय) मा उड्छ (PNR ${pnr})। बुकिङमा स्वीकार, परिवर्तन वा फिर्ता गर्नुहोस्।`
          : `${brand}: Flight ${flight.number} ${route} now leaves ${newTime} local time (PNR ${pnr}). Open your booking to accept, move or refund.`;
      break;
  }
  return ne
    ? `${brand}: ${flight.number} ${route} ${departs} मा अवरोध छ (PNR ${pnr})। थप जानकारी इमेलमा छ।`
    : `${brand}: Flight ${flight.number} ${route} ${departs} is disrupted (PNR ${pnr}). Details are in your e-mail.`;
}
