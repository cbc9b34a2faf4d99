/**
 * A query may describe a category the way an observation does, by its parts, use or state in one sentence, without
 * naming it (シャッターが下りた店ばかりの通り: a shuttered street). The tagger's description rules
 * (tag-descriptions.yaml, description-rules.ts) read it here too, for the categories the query's wordings did not
 * name: the match spans the two words of the rule, in one clause and over no named thing, and goes through the
 * clause scope like any other.
 */
import type { CategoryCatalog } from './categories.ts';
import { type CategoryMatch, RULE_WEIGHTS } from './meaning/category-match.ts';
import { foldKana } from './normalize.ts';
import { catalogDescriptions, type DescriptionMatcher } from './tag-descriptions.ts';
import type { TokenizeText } from './tokenizer.ts';

const matchers = new WeakMap<CategoryCatalog, DescriptionMatcher>();
// The two words of a description in one clause, near each other: an observation's sentence describes one thing, a
// query's long sentence several (下りた店ばかりが続いていて、…通り is no slope).
const MAX_SPAN = 12;
const CLAUSE_BREAK = /[、,，]/u;
// What the asker would do there (散歩できるような道) says who walks, not what the scene shows; an observation's
// strolling path is described by its use, a query's by its wish (activity-clauses.ts reads those).
const VISITOR_ACTIVITY = /散策|散歩|遊歩|じょぎんぐ|うぉーきんぐ|歩[かきくけこいっ]|遊[ばびぶべぼんっ]/u;

function matcherOf(catalog: CategoryCatalog, tokenize: TokenizeText): DescriptionMatcher {
  let matcher = matchers.get(catalog);
  if (matcher === undefined) {
    matcher = catalogDescriptions(catalog, tokenize);
    matchers.set(catalog, matcher);
  }
  return matcher;
}

/**
 * The categories the query describes and no match names, as matches on the folded query (`normalized` is its
 * NFKC-normalised text; folding keeps offsets).
 */
export function describedMatches(
  catalog: CategoryCatalog,
  tokenize: TokenizeText,
  normalized: string,
  matches: readonly CategoryMatch[],
): CategoryMatch[] {
  const lower = normalized.toLowerCase();
  if (lower.length !== normalized.length) return [];
  // A named thing's words are blanked: they describe nothing more, and a rule reaching one would take its scope.
  const chars = lower.split('');
  for (const m of matches) for (let k = m.start; k < m.end; k++) chars[k] = ' ';
  const original = chars.join('');
  const folded = foldKana(original);
  const named = new Set(matches.map((m) => m.category.index));
  const spans = matcherOf(catalog, tokenize)(original, folded, (category) => named.has(category));
  return spans.flatMap((span) => {
    const category = catalog.categories[span.category];
    const text = folded.slice(span.start, span.end);
    if (category === undefined || text.length > MAX_SPAN || CLAUSE_BREAK.test(text) || text.includes(' ')) return [];
    if (VISITOR_ACTIVITY.test(text)) return [];
    return [
      {
        category,
        category_id: category.id,
        start: span.start,
        end: span.end,
        text: foldKana(lower).slice(span.start, span.end),
        rule: 'description' as const,
        weight: RULE_WEIGHTS.description,
        wording: foldKana(category.label),
        kind: 'synonym' as const,
      },
    ];
  });
}
