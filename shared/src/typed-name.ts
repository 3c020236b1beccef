import type { z } from 'zod';

/**
 * Characters no name needs that hide or reorder what it shows (docs/security.md#names): the
 * bidirectional marks, embeddings, overrides and isolates (U+061C, U+200E–U+200F, U+202A–U+202E,
 * U+2066–U+2069), the zero-width space, word joiner and invisible operators (U+200B,
 * U+2060–U+2064), the byte-order mark, the soft hyphen and the Mongolian vowel separator.
 */
const HIDDEN_CHARACTER =
  /[\u00AD\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/u;
/**
 * The zero-width (non-)joiners choose a Devanagari conjunct's form (as passengers' Nepali names
 * allow them, shared/src/bookings.ts); after anything else they only hide.
 */
const STRAY_JOINER = /(?<![\u0900-\u097F])[\u200C\u200D]/u;

export const HIDDEN_CHARACTER_MESSAGE = 'Remove the invisible or text-direction characters.';

/** Whether the text carries a character that hides or reorders what it shows. */
export function hasHiddenCharacters(text: string): boolean {
  return HIDDEN_CHARACTER.test(text) || STRAY_JOINER.test(text);
}

/** A name typed by a person (an account's, an agent's, a brand's): refused with a hidden character. */
export function typedName<T extends z.ZodString>(schema: T): T {
  return schema.refine((text) => !hasHiddenCharacters(text), HIDDEN_CHARACTER_MESSAGE);
}
