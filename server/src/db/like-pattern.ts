/**
 * What a person typed, as plain text inside a LIKE / ILIKE pattern: `%`, `_` and the escape
 * character `\` (PostgreSQL's default for LIKE) each escaped, so a search for "50%" or "a_b" finds
 * those characters and not everything (docs/security.md#names).
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** A LIKE pattern for text containing what was typed. */
export const containingPattern = (text: string) => `%${escapeLike(text)}%`;

/** A LIKE pattern for text starting with what was typed. */
export const startingPattern = (text: string) => `${escapeLike(text)}%`;
