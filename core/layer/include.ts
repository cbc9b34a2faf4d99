import { invalidParameter } from '../errors.ts';

// `include` of street and area detail: a comma-separated subset of known words (core/layer/spec-rules.ts reads them
// from the spec). Omitted means none. The spec's pattern already rejects unknown and empty words; this check keeps
// core right when called without that validation.

export function parseInclude<W extends string>(text: string | undefined, allowed: readonly W[]): ReadonlySet<W> {
  if (text === undefined) return new Set();
  const words = text.split(',');
  for (const word of words) {
    if (!(allowed as readonly string[]).includes(word)) {
      const shown = word === '' ? 'an empty word' : JSON.stringify(word);
      throw invalidParameter('include', `include has ${shown}; use a comma-separated subset of ${allowed.join(', ')}`);
    }
  }
  return new Set(words as W[]);
}
