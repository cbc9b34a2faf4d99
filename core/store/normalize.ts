// Name matching for schools, streets and areas. Stored names are normalized once at ingest (name_normalized) and
// queries the same way in code, so SQL only compares plain strings.

/** NFKC, lowercase, half-width and full-width spaces removed (the schools rule of the contract). */
export function normalizeName(text: string): string {
  // NFKC already turns the ideographic space U+3000 into U+0020; \s then removes every kind of space.
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, '');
}

/** Escapes LIKE wildcards so user text matches literally; pair it with ESCAPE '\' in the SQL. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** A LIKE pattern matching `normalized` anywhere in a string. */
export function containsPattern(normalized: string): string {
  return `%${escapeLike(normalized)}%`;
}
