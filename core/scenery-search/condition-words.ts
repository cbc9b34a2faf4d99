/**
 * The words a condition was read from, as the query wrote them (`matched_text`) and as the catalogue writes them
 * (`matched_wording`, when a reading, a variant or the thesaurus led there: ゆうほどう → 遊歩道). Texts are searched
 * for the catalogue's form. Ranking, quotes and coverage count both forms as the condition's own, not as a further
 * text term; the candidate streams (streams.ts) compare the query's form only, so a condition read by a looser rule
 * takes as candidates the documents whose text writes the catalogue's wording: less sure readings, firmer evidence.
 */
import type { Condition } from './interpretation-types.ts';

/** Both forms of every condition: text terms equal to one of them belong to that condition. */
export function conditionWords(conditions: readonly Pick<Condition, 'matched_text' | 'matched_wording'>[]) {
  return new Set(conditions.flatMap((c) => [c.matched_text, c.matched_wording ?? null]));
}
