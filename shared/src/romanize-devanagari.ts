/**
 * A Nepali name in Devanagari as it is usually written in a Nepali passport's Latin letters
 * (राम बहादुर श्रेष्ठ → Ram Bahadur Shrestha), offered to travellers who type their name in
 * Nepali: tickets, barcodes and airline systems take Latin letters only. It is a suggestion the
 * traveller confirms against the passport, not an authority: passports spell some names their own
 * way (लक्ष्मी is Laxmi or Lakshmi).
 */

const VOWELS: Record<string, string> = {
  अ: 'a',
  आ: 'aa',
  इ: 'i',
  ई: 'i',
  उ: 'u',
  ऊ: 'u',
  ऋ: 'ri',
  ए: 'e',
  ऐ: 'ai',
  ओ: 'o',
  औ: 'au',
};

const VOWEL_SIGNS: Record<string, string> = {
  'ा': 'a',
  'ि': 'i',
  'ी': 'i',
  'ु': 'u',
  'ू': 'u',
  'ृ': 'ri',
  'े': 'e',
  'ै': 'ai',
  'ो': 'o',
  'ौ': 'au',
};

const CONSONANTS: Record<string, string> = {
  क: 'k',
  ख: 'kh',
  ग: 'g',
  घ: 'gh',
  ङ: 'ng',
  च: 'ch',
  छ: 'chh',
  ज: 'j',
  झ: 'jh',
  ञ: 'n',
  ट: 't',
  ठ: 'th',
  ड: 'd',
  ढ: 'dh',
  ण: 'n',
  त: 't',
  थ: 'th',
  द: 'd',
  ध: 'dh',
  न: 'n',
  प: 'p',
  फ: 'ph',
  ब: 'b',
  भ: 'bh',
  म: 'm',
  य: 'y',
  र: 'r',
  ल: 'l',
  व: 'w',
  श: 'sh',
  ष: 'sh',
  स: 's',
  ह: 'h',
};

const VIRAMA = '्';
const ANUSVARA = 'ं';
const CANDRABINDU = 'ँ';
const VISARGA = 'ः';
const NUKTA = '़';

/** Whether the text has any Devanagari letter. */
export function hasDevanagari(text: string): boolean {
  return /[\u0900-\u097F]/.test(text);
}

function romanizeWord(word: string): string {
  const letters = [...word.replace(new RegExp(NUKTA, 'g'), '')];
  let out = '';
  for (let i = 0; i < letters.length; i++) {
    const letter = letters[i] as string;
    const next = letters[i + 1];
    if (letter === 'क' && next === VIRAMA && letters[i + 2] === 'ष') {
      // क्ष: written "ksh" in most passports (लक्ष्मी → Lakshmi).
      out += 'ksh';
      i += 2;
      out += inherentVowel(letters, i);
      continue;
    }
    if (letter === 'ज' && next === VIRAMA && letters[i + 2] === 'ञ') {
      out += 'gy';
      i += 2;
      out += inherentVowel(letters, i);
      continue;
    }
    const consonant = CONSONANTS[letter];
    if (consonant !== undefined) {
      // ष before ट or ठ is written s (श्रेष्ठ → Shrestha).
      const retroflexCluster = letter === 'ष' && next === VIRAMA && /[टठ]/.test(letters[i + 2] ?? '');
      out += retroflexCluster ? 's' : consonant;
      out += inherentVowel(letters, i);
      continue;
    }
    if (VOWELS[letter] !== undefined) out += VOWELS[letter];
    else if (VOWEL_SIGNS[letter] !== undefined) out += VOWEL_SIGNS[letter];
    else if (letter === ANUSVARA || letter === CANDRABINDU) out += nasalBefore(letters[i + 1]);
    else if (letter === VISARGA) out += 'h';
    else if (letter !== VIRAMA) out += letter;
  }
  return out;
}

/**
 * The vowel a consonant at `index` carries when no sign follows: none before a virama or a vowel
 * sign; at the end of a word none (राम → Ram), unless it closes a cluster (कृष्ण → Krishna) or is
 * the word's only letter; else `a`.
 */
function inherentVowel(letters: string[], index: number): string {
  const next = letters[index + 1];
  if (next === VIRAMA || (next !== undefined && VOWEL_SIGNS[next] !== undefined)) return '';
  if (next !== undefined) return 'a';
  return letters.length === 1 || letters[index - 1] === VIRAMA ? 'a' : '';
}

function nasalBefore(next: string | undefined): string {
  const consonant = next ? CONSONANTS[next] : undefined;
  return consonant && /^[pbm]/.test(consonant) ? 'm' : 'n';
}

const capitalize = (word: string) => (word ? word[0]?.toUpperCase() + word.slice(1) : word);

/** `राम बहादुर` → `Ram Bahadur`; Latin text passes unchanged. */
export function romanizeDevanagari(text: string): string {
  return text
    .trim()
    .split(/\s+/)
    .map((word) => (hasDevanagari(word) ? capitalize(romanizeWord(word)) : word))
    .join(' ');
}
