/** The `interpretation` object of a search response, as spec/scenery-search.openapi.yaml describes it. */
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
  text_only: boolean;
  unverified_conditions: string[];
  /**
   * How the conditions combine: `all` for a query (every condition should hold), `any` for a preset (a scene
   * showing one of its categories belongs to it). An extra key; the spec's Interpretation is an open object.
   */
  combine: 'all' | 'any';
}
