import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, logInDemo } from '../../test/accounts';
import { bookingBody, contact, findOffer, payBooking, postBooking } from '../../test/bookings';
import { createTestApp, type TestApp } from '../../test/test-app';
import { FALLBACK_SUBSTITUTE, fontRuns, PDF_FALLBACK_FONT_FILES } from './pdf-fonts';

/**
 * What people type into names, written into an e-ticket and a tax invoice and read back with
 * poppler's `pdftotext` (docs/security.md#pdf-text): Latin with accents (Latin-1 and Latin
 * Extended), Devanagari with conjuncts, arrows and typographic quotes.
 */
const SAMPLE_WORDS = [
  'José',
  'Núñez',
  'Zoë',
  'Ångström',
  'Łukasz',
  'Dvořák',
  'Şükrü',
  'श्रेष्ठ',
  'क्षमा',
  'द्वारा',
  'ज्ञान',
  '→',
  '←',
  '↔',
  '‘single’',
  '“double”',
  '«angle»',
];
const SAMPLE = SAMPLE_WORDS.join(' ');

/** The text of a PDF as poppler reads it, one space for any run of white space. */
const readBack = (pdf: Buffer) =>
  execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf })
    .toString('utf8')
    .replace(/\s+/g, ' ');

describe('fontRuns', () => {
  const latinOnly = (codePoint: number) => codePoint < 0x250;
  const arrows = (codePoint: number) => codePoint >= 0x2190 && codePoint <= 0x21ff;

  it('keeps text the main font has whole', () => {
    expect(fontRuns('José Núñez', latinOnly, arrows)).toBeNull();
  });

  it('draws what the main font lacks in the fallback, and a visible substitute for what neither has', () => {
    expect(fontRuns('KTM → PKR ✈', latinOnly, arrows)).toEqual([
      { fallback: false, text: 'KTM ' },
      { fallback: true, text: '→' },
      { fallback: false, text: ` PKR ${FALLBACK_SUBSTITUTE}` },
    ]);
    expect(fontRuns('→', latinOnly, null)).toEqual([{ fallback: false, text: FALLBACK_SUBSTITUTE }]);
  });

  it('keeps a combining mark or joiner with the character before it', () => {
    const devanagari = (codePoint: number) => codePoint >= 0x900 && codePoint <= 0x97f;
    expect(fontRuns('e\u0301', devanagari, latinOnly)).toEqual([{ fallback: true, text: 'e\u0301' }]);
    expect(fontRuns('क्\u200Dष', latinOnly, devanagari)).toEqual([{ fallback: true, text: 'क्\u200Dष' }]);
  });
});

/**
 * Reading back needs Debian's poppler-utils and the fallback font fonts-dejavu-core, which `.ci/run`
 * installs (README, "Tests"); a machine without them skips these two tests and says why.
 */
const missingForReadBack = [
  spawnSync('pdftotext', ['-v']).error ? 'pdftotext (apt-get install poppler-utils)' : '',
  existsSync(PDF_FALLBACK_FONT_FILES.regular) ? '' : 'DejaVu Sans (apt-get install fonts-dejavu-core)',
].filter(Boolean);

describe.skipIf(missingForReadBack.length > 0)(
  `user-typed characters in the e-ticket and the tax invoice${
    missingForReadBack.length > 0 ? ` (skipped: no ${missingForReadBack.join(', no ')})` : ''
  }`,
  () => {
    let t: TestApp;
    let agent: string;
    let pnr: string;
    beforeAll(async () => {
      t = await createTestApp();
      agent = await logInDemo(t, 'sajilo', 'agent');
      const profile = await api(t, {
        method: 'PUT',
        url: '/me/tax-profile',
        cookie: agent,
        payload: { buyer_name: SAMPLE, pan: '123456789' },
      });
      expect(profile.statusCode, profile.body).toBe(200);
      const offer = await findOffer(t, { cookie: agent, days: 8 });
      const held = await postBooking(t, agent, {
        ...bookingBody([offer]),
        contact: { ...contact, name: SAMPLE },
      });
      expect(held.statusCode, held.body).toBe(200);
      pnr = held.json().data.pnr;
      expect((await payBooking(t, agent, pnr, 'wallet')).statusCode).toBe(200);
    });
    afterAll(() => t.close());

    it.each([
      ['the e-ticket (the contact’s name)', () => `/bookings/${pnr}/ticket.pdf`],
      ['the tax invoice (the buyer’s name)', () => `/bookings/${pnr}/invoice`],
    ])('prints each one as typed in %s', async (_, url) => {
      const pdf = await api(t, { method: 'GET', url: url(), cookie: agent });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toContain('application/pdf');
      const text = readBack(pdf.rawPayload);
      for (const word of SAMPLE_WORDS) expect(text, word).toContain(word);
    });
  },
);
