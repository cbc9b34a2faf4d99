/**
 * A negated verbal noun read as the catalogue's privative compound: 舗装されていない → 未舗装, 整備されていない →
 * 未整備 (未, 無, 非, 不 + the noun). The query asks for the category, not for an absence; the condition names the
 * rule `inflection` and the wording reached, so the reading stays visible in `interpretation`.
 */
import type { Lexicon } from './lexicon.ts';
import { type CategoryMatch, RULE_WEIGHTS } from './meaning/match.ts';
import { negationAfter } from './negation.ts';
import { foldForSearch } from './normalize.ts';
import type { QueryToken } from './tokenizer.ts';

const PREFIXES = ['未', '無', '非', '不'];

export function privativeMatches(
  lexicon: Lexicon,
  folded: string,
  tokens: QueryToken[],
  free: (start: number, end: number) => boolean,
): CategoryMatch[] {
  const found: CategoryMatch[] = [];
  for (const t of tokens) {
    if (t.pos !== '名詞' || t.detail !== 'サ変接続' || !free(t.start, t.end)) continue;
    for (const prefix of PREFIXES) {
      const wording = foldForSearch(prefix + folded.slice(t.start, t.end));
      const entry = lexicon.entries.get(wording);
      if (!entry || entry.generated) continue;
      let limit = t.end;
      while (limit < folded.length && free(limit, limit + 1)) limit++;
      const negation = negationAfter(folded, tokens, t.end, limit);
      if (negation?.kind !== 'negated') break;
      const end = Math.max(...negation.spans.map(([, e]) => e));
      found.push({
        category: entry.category,
        category_id: entry.category.id,
        start: t.start,
        end,
        text: folded.slice(t.start, end),
        rule: 'inflection',
        weight: RULE_WEIGHTS.inflection,
        wording,
        kind: entry.matchedBy,
      });
      break;
    }
  }
  return found;
}
