import { describe, expect, it } from 'vitest';
import { hasDevanagari, romanizeDevanagari } from './romanize-devanagari';

describe('romanizeDevanagari', () => {
  it('writes common Nepali names as passports do', () => {
    const names: [string, string][] = [
      ['राम बहादुर', 'Ram Bahadur'],
      ['श्रेष्ठ', 'Shrestha'],
      ['सीता', 'Sita'],
      ['गुरुङ', 'Gurung'],
      ['कृष्ण', 'Krishna'],
      ['लक्ष्मी', 'Lakshmi'],
      ['तामाङ', 'Tamang'],
      ['बज्राचार्य', 'Bajracharya'],
      ['महर्जन', 'Maharjan'],
      ['अनिश', 'Anish'],
      ['शेर्पा', 'Sherpa'],
      ['ज्ञानेन्द्र', 'Gyanendra'],
    ];
    for (const [devanagari, latin] of names) expect(romanizeDevanagari(devanagari), devanagari).toBe(latin);
  });

  it('leaves Latin text alone and says when there is Devanagari', () => {
    expect(romanizeDevanagari('Ram Bahadur')).toBe('Ram Bahadur');
    expect(hasDevanagari('Ram')).toBe(false);
    expect(hasDevanagari('राम')).toBe(true);
  });
});
