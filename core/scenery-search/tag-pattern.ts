import type { TagSource } from './tag-source.ts';

/** One catalogue wording cut into morpheme parts, as tagging matches it in observation text (tag-patterns.ts). */

export interface PatternPart {
  text: string;
  /** Okurigana and auxiliaries may follow (a conjugating stem). */
  conjugates: boolean;
  /** Exactly this must come between the previous part and this one (石段 read as 石の段). */
  joinedBy?: string;
  /** Read from a noun that is a verb's 連用形 (石積み → 石|積): not a modifier and its noun. */
  nominal?: boolean;
  /** A verb's stem (not an adjective's): 〜そう after it foretells (降りそう), it does not state. */
  verb?: boolean;
  /** The wording negates this conjugating word (当たらない, 開かず): only a negated form in the text matches. */
  negated?: boolean;
}

export interface TagPattern {
  parts: PatternPart[];
  category: number;
  /** The wording it came from (for tests and diagnostics). */
  wording: string;
  /** Only where the text spells the word in kana (a reading, or a wording written in kana). */
  kanaOnly: boolean;
  /** Its last part is negated (日が当たらない): a match ends after the negation. */
  negated?: boolean;
  /** What kind of wording it is (tag-source.ts); a label when not given. */
  source?: TagSource;
  /** The category its head noun names alone (小さな神社 → 神社), when another one (tag-variants.ts). */
  head?: number;
}
