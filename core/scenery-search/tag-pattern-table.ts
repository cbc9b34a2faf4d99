/**
 * The tagger's patterns by their first two characters. Tagging tries the patterns at every character of every
 * observation leaf, and the judge and quotes tag the leaves of every candidate again: a list per first character
 * alone made most of that time a walk over patterns whose second character differs. Each list keeps the patterns'
 * order (longest first), so the leftmost-longest match found is the same.
 */
import type { TagPattern } from './tag-pattern.ts';

interface FirstCharacter {
  /** Patterns of one character, or whose head is one character: they fit whatever follows. */
  any: TagPattern[];
  /** Per second character: the patterns whose head goes on with it, and those of `any`, in their order. */
  bySecond: Map<number, TagPattern[]>;
}

export interface PatternTable {
  /** The patterns that may start at a character `code` followed by `next` (char codes), in the order to try. */
  at(code: number, next: number): readonly TagPattern[] | undefined;
}

/**
 * A copy of the pattern whose every part, and which itself, has all the optional fields (undefined when absent): the
 * catalogue's patterns come in a dozen shapes, which made every field read in matching a slow, megamorphic one.
 */
function uniform(p: TagPattern): TagPattern {
  return {
    parts: p.parts.map((part) => ({
      text: part.text,
      conjugates: part.conjugates,
      joinedBy: part.joinedBy,
      nominal: part.nominal,
      verb: part.verb,
      negated: part.negated,
    })),
    category: p.category,
    wording: p.wording,
    kanaOnly: p.kanaOnly,
    negated: p.negated,
    source: p.source,
    head: p.head,
  };
}

/** `patterns` in the order they are to be tried (copied: the table's are read faster, see `uniform`). */
export function patternTable(patterns: readonly TagPattern[]): PatternTable {
  const ordered = new Map<number, { pattern: TagPattern; second: number }[]>();
  for (const original of patterns) {
    const pattern = uniform(original);
    const head = (pattern.parts[0] as { text: string }).text;
    const code = head.charCodeAt(0);
    const list = ordered.get(code) ?? [];
    list.push({ pattern, second: head.length > 1 ? head.charCodeAt(1) : -1 });
    ordered.set(code, list);
  }
  const byFirst = new Array<FirstCharacter | undefined>(0x10000);
  for (const [code, list] of ordered) {
    const bySecond = new Map<number, TagPattern[]>();
    for (const { second } of list)
      if (second >= 0 && !bySecond.has(second))
        bySecond.set(
          second,
          list.filter((e) => e.second === second || e.second < 0).map((e) => e.pattern),
        );
    byFirst[code] = { any: list.filter((e) => e.second < 0).map((e) => e.pattern), bySecond };
  }
  return {
    at(code, next) {
      const first = byFirst[code];
      return first === undefined ? undefined : (first.bySecond.get(next) ?? first.any);
    },
  };
}
