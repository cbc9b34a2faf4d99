/** The `interpretation` object of a search response, as spec/scenery-search.openapi.yaml describes it. */
import type { SoftRule } from './clause-scope.ts';
import type { MatchRule } from './meaning/category-match.ts';
import type { IgnoredReason } from './query-words.ts';

export interface Condition {
  key: string;
  category_id: string;
  label: string;
  label_en: string;
  group: string;
  matched_text: string | null;
  matched_by: 'label' | 'synonym' | 'preset';
  /** The rule that read the wording as this category (see meaning/category-match.ts). */
  rule: MatchRule | 'preset';
  /** The catalogue wording the query's wording was read as, when it is not the same (reading, fuzzy …). */
  matched_wording?: string;
  weight: number;
  negated: boolean;
  /** Ranks but never filters: an optional clause (できれば, 〜だと嬉しい) or a soft negation (〜が少ない). */
  soft: boolean;
  /** The clause rule that read a soft condition soft (clause-scope.ts, secondary-conditions.ts). */
  soft_by?: SoftRule;
  /** How sure the reading of this wording is, 0-1 (confidence.ts). */
  confidence: number;
  origin: 'query' | 'preset';
}

export interface PlaceMention {
  matched_text: string;
  ward: string;
  applied: boolean;
}

export interface YearMention {
  matched_text: string;
  from: number | null;
  to: number | null;
  applied: boolean;
}

export interface IgnoredWording {
  text: string;
  reason: IgnoredReason;
}

export interface Interpretation {
  normalized_query: string | null;
  source: 'query' | 'preset';
  conditions: Condition[];
  text_terms: string[];
  places: PlaceMention[];
  years: YearMention[];
  ignored: IgnoredWording[];
  preset_set_aside: boolean;
  /** The query's head word when it asks for something that is not scenery (main-request.ts): nothing is listed. */
  request_not_scenery: string | null;
  text_only: boolean;
  unverified_conditions: string[];
  /** Keys of the soft conditions: they rank results, never filter them. */
  preferred: string[];
  /** How sure the interpretation is: its least sure condition's confidence, null with no condition. */
  match_confidence: number | null;
  /**
   * How the conditions combine: `all` for a query (every condition should hold), `any` for a preset (a scene
   * showing one of its categories belongs to it). An extra key; the spec's Interpretation is an open object.
   */
  combine: 'all' | 'any';
}
