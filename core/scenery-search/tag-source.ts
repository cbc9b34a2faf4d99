/**
 * What made a tag: the kind of statement an observation's category was read from. The index keeps the strongest
 * source per (doc, category) in one byte beside the tag (corpus.ts), so ranking and `match_score` can tell a scene
 * that names the category from one that only describes it or states it in a hedged clause.
 *
 * Codes are stored in saved index files (persist.ts): append, never renumber.
 */

export const TAG_SOURCES = [
  'evidence',
  'label',
  'synonym',
  'reading',
  'thesaurus',
  'derived',
  'description',
  'analysis',
] as const;

export type TagSource = (typeof TAG_SOURCES)[number];

export const SOURCE_CODE: Readonly<Record<TagSource, number>> = Object.fromEntries(
  TAG_SOURCES.map((s, i) => [s, i]),
) as Record<TagSource, number>;

/** Set on a stored source when every statement of the category was hedged (〜らしき, 〜のようだ, 〜と思われる). */
export const HEDGED = 8;

/** A bitmask of sources: bits 0-7 from plain statements, bits 8-15 from hedged ones. */
export type SourceMask = number;

export function addSource(mask: SourceMask, source: TagSource, hedged: boolean): SourceMask {
  return mask | (1 << (SOURCE_CODE[source] + (hedged ? 8 : 0)));
}

/**
 * Sources from the surest to the least sure, by the share of their tags the scene shows (measured on a demo
 * release by scripts/eval-search/tag-sources.ts).
 */
const STRENGTH_ORDER: readonly TagSource[] = [
  'evidence',
  'analysis',
  'label',
  'synonym',
  'reading',
  'description',
  'derived',
  'thesaurus',
];

/** The stored byte of a mask: its strongest plain source, else its strongest hedged one with HEDGED set. */
export function strongestSource(mask: SourceMask): number {
  for (const half of [0, 8])
    for (const s of STRENGTH_ORDER) if (mask & (1 << (SOURCE_CODE[s] + half))) return SOURCE_CODE[s] | (half && HEDGED);
  return SOURCE_CODE.label;
}

export function sourceName(stored: number): TagSource {
  return TAG_SOURCES[stored & 7] as TagSource;
}

export function isHedged(stored: number): boolean {
  return (stored & HEDGED) !== 0;
}

// A modality after the word, within its own phrase: 神社らしき建物, 桜のようだ, 石垣と思われる, 池かもしれない.
const HEDGE =
  /^[^、。,\n!?！？]{0,6}?(?:らしき|らしい|のような|ようだ|ように見え|と思われ|と見られ|かもしれ|かと思われ|っぽい)/u;

/** Whether the statement of a word ending at `end` of `text` is hedged. */
export function hedgedAt(text: string, end: number): boolean {
  return HEDGE.test(text.slice(end, end + 14));
}
