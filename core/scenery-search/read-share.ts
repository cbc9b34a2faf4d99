/**
 * How much of a query its interpretation read. A request read in small part (a long sentence of which one category
 * was understood, the rest left as words to look for or set aside) is right less often than a full match of that
 * part says: match_score and match_confidence scale by the share read, below `x-match-score.read_share`.
 */
import type { Interpretation } from './interpretation-types.ts';
import { READ_SHARE } from './match-probability.ts';

// Words the interpretation set aside for want of a reading; function words, duplicates and clause cues are no content.
const UNREAD: ReadonlySet<string> = new Set(['not_scenery', 'unknown_place', 'negated_word']);

const chars = (words: Iterable<string>): number => {
  let n = 0;
  for (const w of words) n += w.length;
  return n;
};

/**
 * Characters read as conditions (hard, soft or negated), places and years, over those and the characters of the
 * words left as text terms or set aside; 1 for a preset or a query with no content word.
 */
export function readShare(interpretation: Interpretation): number {
  const wordings = new Set<string>();
  const read = new Set<string>();
  for (const c of interpretation.conditions) {
    if (c.matched_text) read.add(c.matched_text);
    for (const w of [c.matched_text, c.matched_wording]) if (w) wordings.add(w);
  }
  const readChars =
    chars(read) +
    chars(interpretation.places.map((p) => p.matched_text)) +
    chars(interpretation.years.map((y) => y.matched_text));
  const left =
    chars(interpretation.text_terms.filter((t) => !wordings.has(t))) +
    chars(interpretation.ignored.filter((w) => UNREAD.has(w.reason)).map((w) => w.text));
  return readChars + left === 0 ? 1 : readChars / (readChars + left);
}

/** 1 for a query read at least to `read_share`; below it, the share read over that threshold. */
export function readShareFactor(interpretation: Interpretation): number {
  return Math.min(1, readShare(interpretation) / READ_SHARE);
}
