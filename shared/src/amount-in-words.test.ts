import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountInWords, numberInWords } from './amount-in-words';

/** An independent reader of the words: back to the number, Indian grouping. */
function readWords(words: string): number {
  const small: Record<string, number> = {};
  'Zero One Two Three Four Five Six Seven Eight Nine Ten Eleven Twelve Thirteen Fourteen Fifteen Sixteen Seventeen Eighteen Nineteen'
    .split(' ')
    .forEach((w, i) => {
      small[w] = i;
    });
  'Twenty Thirty Forty Fifty Sixty Seventy Eighty Ninety'.split(' ').forEach((w, i) => {
    small[w] = (i + 2) * 10;
  });
  const scales: Record<string, number> = { Thousand: 1000, Lakh: 100_000, Crore: 10_000_000 };
  // Evaluated right to left: a scale word multiplies everything since the last larger scale word.
  let total = 0;
  let current = 0;
  for (const token of words.split(/[ -]/)) {
    if (token in small) current += small[token] as number;
    else if (token === 'Hundred') current *= 100;
    else if (token in scales) {
      const scale = scales[token] as number;
      if (token === 'Crore') {
        total = (total + current) * scale;
      } else {
        total += current * scale;
      }
      current = 0;
    } else throw new Error(`unknown word ${token}`);
  }
  return total + current;
}

describe('amounts in words (Nepali invoices)', () => {
  it('writes the issue’s example and the lakh/crore grouping', () => {
    expect(amountInWords(797_892)).toBe(
      'Rupees Seven Thousand Nine Hundred Seventy-Eight and Paisa Ninety-Two Only',
    );
    expect(numberInWords(150_000)).toBe('One Lakh Fifty Thousand');
    expect(numberInWords(12_345_678)).toBe(
      'One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight',
    );
    expect(amountInWords(1_000_000)).toBe('Rupees Ten Thousand Only');
    expect(amountInWords(5)).toBe('Rupees Zero and Paisa Five Only');
    expect(amountInWords(-1200, 'USD')).toBe('Dollars Twelve Only');
  });

  it('reads back to the same rupees, never uses million, and groups no lakh or thousand past 99', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999_999 }), (minor) => {
        const words = amountInWords(minor);
        const match = /^Rupees (.+?)(?: and Paisa (.+))? Only$/.exec(words);
        expect(match, words).not.toBeNull();
        expect(readWords(match?.[1] ?? '')).toBe(Math.floor(minor / 100));
        expect(match?.[2] === undefined ? 0 : readWords(match[2])).toBe(minor % 100);
        expect(words).not.toMatch(/Million|Billion| {2}|^ | $/);
        // Before "Lakh" and "Thousand" at most two words (a number below 100).
        for (const m of words.matchAll(/(\S+) (Lakh|Thousand)/g)) expect(m[1]).not.toBe('Hundred');
      }),
      { numRuns: 2000 },
    );
  });
});
