/**
 * An adjective before a compound noun qualifies the compound's head: 細い坂道 is a 細い道 as well as a 坂道. When the
 * adjective with the end of a wording found right after it is a wording of another category (細い + 道 of 坂道 →
 * 細い道, narrow_alley), the adjective names that category too; the compound keeps its own (slope_road). Japanese
 * compounds put their head last, so only the wording's end is tried, and only a whole adjective directly before it.
 * A category of the compound's own group is a sibling kind the compound already settles (古い町家 is no further 古い家),
 * so only another group's category is read: another aspect of the same thing (its width, beside its slope).
 */

import type { MatchScope } from './clause-scope.ts';
import type { CategoryMatch } from './meaning/category-match.ts';
import { toMatch } from './meaning/category-match.ts';
import { toWording, type WordingTable } from './meaning/wordings.ts';
import type { QueryToken } from './tokenizer.ts';

const ADJECTIVE = new Set(['形容詞', '連体詞']);

export interface HeadModifier {
  /** Over the adjective. */
  match: CategoryMatch;
  /** The wording whose head it qualifies: a negation or a wish of that wording is the modifier's too. */
  head: CategoryMatch;
}

/** The categories adjectives name through the head of the wording that follows them. */
export function headModifierMatches(
  table: WordingTable,
  tokens: readonly QueryToken[],
  folded: string,
  matches: readonly CategoryMatch[],
  free: (start: number, end: number) => boolean,
): HeadModifier[] {
  const found: HeadModifier[] = [];
  for (const m of matches) {
    const adjective = tokens.find((t) => t.end === m.start && ADJECTIVE.has(t.pos));
    if (adjective === undefined || !free(adjective.start, adjective.end)) continue;
    const word = folded.slice(adjective.start, adjective.end);
    for (let cut = 1; cut < m.text.length; cut++) {
      const joined = word + m.text.slice(cut);
      const entry = table.lexicon.entries.get(joined);
      if (entry === undefined || entry.category.group === m.category.group) continue;
      found.push({
        match: toMatch(toWording(joined, entry), adjective.start, adjective.end, folded, 'inflection'),
        head: m,
      });
      break;
    }
  }
  return found;
}

/**
 * A modifier takes its head's scope (wished with it, asked with it). Under a negation it is dropped: 細い坂道がない
 * denies a narrow slope, not every narrow way. `scopes[i]` is the scope of `matches[i]`; both are changed in place.
 */
export function scopeModifiersByHead(
  modifiers: readonly HeadModifier[],
  matches: CategoryMatch[],
  scopes: MatchScope[],
) {
  for (const { match, head } of modifiers) {
    const at = matches.indexOf(match);
    const scope = scopes[matches.indexOf(head)] as MatchScope;
    if (scope.negated) {
      matches.splice(at, 1);
      scopes.splice(at, 1);
    } else scopes[at] = scope;
  }
}
