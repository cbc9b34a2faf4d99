/**
 * Two wordings found side by side, bare or joined by の, that together make a longer catalogue wording: the
 * compound is what was meant (あかれんがのそうこ: 赤れんが + 倉庫 → 赤れんが倉庫). The compound is built from the
 * wordings reached, so it also joins words found by reading or by the thesaurus; X + the end of Y is tried too
 * (石の階段: 石 + 段 → 石段). It is as sure as the less sure of the two, and never surer than an inflection.
 */
import { type CategoryMatch, RULE_WEIGHTS, toMatch } from './category-match.ts';
import { toWording, type WordingTable } from './wordings.ts';

const JOINERS = new Set(['', 'の']);

function joinedWording(table: WordingTable, left: string, right: string): string | null {
  for (let cut = 0; cut < right.length; cut++) {
    const joined = left + right.slice(cut);
    if (table.lexicon.entries.has(joined)) return joined;
  }
  return null;
}

/** Replaces each such pair of matches in place by the compound. */
export function joinMatches(table: WordingTable, folded: string, matches: CategoryMatch[]): void {
  matches.sort((a, b) => a.start - b.start);
  for (let k = 0; k + 1 < matches.length; k++) {
    const left = matches[k] as CategoryMatch;
    const right = matches[k + 1] as CategoryMatch;
    if (!JOINERS.has(folded.slice(left.end, right.start))) continue;
    const joined = joinedWording(table, left.wording, right.wording);
    const entry = joined === null ? undefined : table.lexicon.entries.get(joined);
    if (!entry || joined === null) continue;
    const weakest = [left, right].sort((a, b) => a.weight - b.weight)[0] as CategoryMatch;
    const rule = weakest.weight < RULE_WEIGHTS.inflection ? weakest.rule : 'inflection';
    matches.splice(k, 2, toMatch(toWording(joined, entry), left.start, right.end, folded, rule));
  }
}
