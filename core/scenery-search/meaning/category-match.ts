/** A category wording found in a text, by which rule and how surely (the rule's weight). */
import type { SearchCategory } from '../categories.ts';
import type { Wording } from './wordings.ts';

export type MatchRule =
  | 'label'
  | 'synonym'
  | 'reading'
  | 'inflection'
  | 'fuzzy'
  | 'thesaurus'
  | 'hypernym'
  | 'description';

/** How sure each rule is that the words mean the category; a condition's weight is multiplied by it. */
export const RULE_WEIGHTS: Readonly<Record<MatchRule, number>> = {
  label: 1,
  synonym: 1,
  inflection: 0.95,
  reading: 0.9,
  thesaurus: 0.8,
  fuzzy: 0.7,
  // A word naming what the category is a kind of (木 for 大きな木), read only when negated (negated-kinds.ts).
  hypernym: 0.8,
  // A thing described by its parts, use or state, not named (シャッターが下りた店: description-rules.ts).
  description: 0.8,
};

export interface CategoryMatch {
  category: SearchCategory;
  category_id: string;
  /** Span in the folded text. */
  start: number;
  end: number;
  text: string;
  rule: MatchRule;
  weight: number;
  /** The catalogue wording reached (folded), and whether it is the label or a synonym. */
  wording: string;
  kind: 'label' | 'synonym';
}

export function toMatch(w: Wording, start: number, end: number, folded: string, rule: MatchRule): CategoryMatch {
  const text = folded.slice(start, end);
  const r: MatchRule = rule === 'label' || rule === 'synonym' ? (w.generated ? 'inflection' : w.kind) : rule;
  return {
    category: w.category,
    category_id: w.category.id,
    start,
    end,
    text,
    rule: r,
    weight: RULE_WEIGHTS[r],
    wording: w.spelled ?? w.text,
    kind: w.kind,
  };
}
