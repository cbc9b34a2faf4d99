/**
 * The category wordings (labels and synonyms) cut into morpheme patterns for tagging observation text. kuromoji
 * tokenises each wording once; an observation is then scanned against the patterns without being tokenised, which
 * keeps tagging a million observations feasible (kuromoji itself reads ~15-30 k characters a second here).
 *
 * A pattern is a run of content morphemes. A conjugating one (動詞, 形容詞) keeps its stem and lets any okurigana
 * and auxiliaries follow (狭い → 狭: 狭く, 狭め, 狭かった; 咲く → 咲: 咲いている), particles between morphemes are
 * optional and interchangeable (花が咲く ~ 花の咲く ~ 花咲く), and する after a noun is dropped (点滅する → 点滅).
 */
import type { CategoryCatalog } from './categories.ts';
import type { QueryToken, TokenizeText } from './tokenizer.ts';

export interface PatternPart {
  text: string;
  /** Okurigana and auxiliaries may follow (a conjugating stem). */
  conjugates: boolean;
}

export interface TagPattern {
  parts: PatternPart[];
  category: number;
  /** The wording it came from (for tests and diagnostics). */
  wording: string;
}

/** What tagging needs of the wording side: the patterns of a catalog. Swapping the matcher means swapping this. */
export type PatternSource = (catalog: CategoryCatalog, tokenize: TokenizeText) => TagPattern[];

const HIRAGANA = /^[\u3041-\u309f]+$/u;
const CONJUGATING = new Set(['動詞', '形容詞']);

function isSuffixOfConjugation(t: QueryToken): boolean {
  return (
    t.pos === '助動詞' || (t.pos === '動詞' && t.detail === '非自立') || (t.pos === '助詞' && t.detail === '接続助詞')
  );
}

/** The content morphemes of one wording, or null when nothing distinctive is left. */
export function wordingParts(wording: string, tokenize: TokenizeText): PatternPart[] | null {
  const parts: PatternPart[] = [];
  for (const t of tokenize(wording.normalize('NFKC').toLowerCase())) {
    const last = parts[parts.length - 1];
    if (t.pos === '記号' || t.pos === '助詞' || (last?.conjugates && isSuffixOfConjugation(t))) continue;
    if (t.pos === '動詞' && t.basic === 'する' && last) {
      last.conjugates = true;
      continue;
    }
    if (CONJUGATING.has(t.pos) && t.basic.length >= 2 && HIRAGANA.test(t.basic.at(-1) as string)) {
      const stem = t.basic.slice(0, -1);
      // A stem of kana only (ある → あ) would match anywhere: keep such a word whole.
      if (!HIRAGANA.test(stem)) {
        parts.push({ text: stem, conjugates: true });
        continue;
      }
    }
    if (last && !last.conjugates && t.pos === '名詞' && t.detail === '接尾') {
      last.text += t.surface;
      continue;
    }
    parts.push({ text: t.surface, conjugates: false });
  }
  if (parts.length === 0) return null;
  const only = parts.length === 1 ? (parts[0] as PatternPart) : null;
  // A lone kana word of three characters or fewer (ろじ, さか) is too ambiguous inside running text.
  if (only && HIRAGANA.test(only.text) && only.text.length <= 3) return null;
  return parts;
}

/** Labels and synonyms of every category; a label wins over a synonym when two categories share a wording. */
export const catalogWordingPatterns: PatternSource = (catalog, tokenize) => {
  const byKey = new Map<string, TagPattern>();
  for (const pass of ['label', 'synonym'] as const) {
    for (const c of catalog.categories) {
      for (const wording of pass === 'label' ? [c.label] : c.synonyms) {
        const parts = wordingParts(wording, tokenize);
        if (!parts) continue;
        const key = parts.map((p) => `${p.text}${p.conjugates ? '~' : ''}`).join('|');
        if (!byKey.has(key)) byKey.set(key, { parts, category: c.index, wording });
      }
    }
  }
  return [...byKey.values()];
};
