/**
 * Quotes: exact passages of the observation (the sentence around the evidence, cut to a readable length) with the
 * JSON pointer of the value they come from.
 */
import type { FoldedLeaf, Passage } from './evidence.ts';
import { pointerToPath } from './observation-text.ts';

export interface Quote {
  text: string;
  source_pointer: string | null;
  source_layer: 'vlm_observation';
  path: string;
  section: string;
  category_id?: string;
}

const SENTENCE_END = /[。！？!?\n]/u;
const MAX_QUOTE = 120;

function toOriginal(leaf: FoldedLeaf, offset: number): number {
  return leaf.toOriginal ? (leaf.toOriginal[offset] as number) : offset;
}

/** The sentence of the leaf's original text that holds the passage, as an exact substring. */
export function quoteFor(leaves: FoldedLeaf[], passage: Passage, categoryId: string | null): Quote {
  const leaf = leaves[passage.leaf] as FoldedLeaf;
  const text = leaf.leaf.text;
  const start = toOriginal(leaf, passage.start);
  const end = Math.max(start + 1, toOriginal(leaf, passage.end));
  let from = start;
  while (from > 0 && !SENTENCE_END.test(text[from - 1] as string)) from--;
  let to = end;
  while (to < text.length && !SENTENCE_END.test(text[to - 1] as string)) to++;
  if (to - from > MAX_QUOTE) {
    // Keep the evidence in the middle of a window; still an exact substring.
    const room = Math.max(0, MAX_QUOTE - (end - start));
    from = Math.max(from, start - Math.floor(room / 2));
    to = Math.min(to, from + Math.max(MAX_QUOTE, end - from));
  }
  const quoted = text.slice(from, to).trim();
  const lead = text.slice(from, to).indexOf(quoted);
  return {
    text: text.slice(from + lead, from + lead + quoted.length),
    source_pointer: leaf.leaf.pointer,
    source_layer: 'vlm_observation',
    path: pointerToPath(leaf.leaf.pointer),
    section: leaf.leaf.section,
    ...(categoryId === null ? {} : { category_id: categoryId }),
  };
}
