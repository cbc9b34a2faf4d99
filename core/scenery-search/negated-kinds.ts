/**
 * A negated word that names no category but is the head noun of some categories' wordings: 木 in 大きな木, 松の木,
 * ヤシの木; 壁 in 石の壁, レンガの壁; 建物 in 石造りの建物. Those wordings name kinds of it, so asking for none of it
 * (木が生えていない公園) excludes each of them. The kinds are read from the catalogue's own wordings, as kuromoji cuts
 * them: two content words or more, written in kanji or katakana, ending in the noun. Each becomes a negated
 * condition with rule `hypernym`, naming the wording it reached.
 */
import type { SearchCategory } from './categories.ts';
import type { Lexicon } from './lexicon.ts';
import { hasLemmas, isFunctionMorpheme } from './meaning/wordings.ts';
import { foldKana } from './normalize.ts';
import type { QueryToken, TokenizeText } from './tokenizer.ts';

export interface Kind {
  category: SearchCategory;
  /** The wording that names the kind (folded): 大きな木, and whether it is the category's label or a synonym. */
  wording: string;
  kind: 'label' | 'synonym';
}

const byLexicon = new WeakMap<Lexicon, Map<string, Kind[]>>();

/** Head noun (folded) → the negatable categories whose wordings it heads, one wording each. */
export function kindsByHead(lexicon: Lexicon, tokenize: TokenizeText): Map<string, Kind[]> {
  const cached = byLexicon.get(lexicon);
  if (cached) return cached;
  const heads = new Map<string, Kind[]>();
  for (const [text, entry] of lexicon.entries) {
    if (entry.generated || !entry.category.negatable) continue;
    const tokens = tokenize(entry.source ?? text);
    const content = tokens.filter((t) => !isFunctionMorpheme(t));
    const head = content[content.length - 1];
    if (head === undefined || content.length < 2 || !hasLemmas(tokens)) continue;
    if (head !== tokens[tokens.length - 1] || head.pos !== '名詞') continue;
    const word = foldKana(head.surface);
    // A head that is itself a wording is read by the wordings, not here.
    if (lexicon.entries.has(word)) continue;
    const kinds = heads.get(word) ?? [];
    if (!kinds.some((k) => k.category === entry.category))
      kinds.push({ category: entry.category, wording: text, kind: entry.matchedBy });
    heads.set(word, kinds);
  }
  byLexicon.set(lexicon, heads);
  return heads;
}

/** The kinds a negated word heads (none when it heads no wording). */
export function kindsOf(lexicon: Lexicon, tokenize: TokenizeText, word: QueryToken): Kind[] {
  return kindsByHead(lexicon, tokenize).get(foldKana(word.surface)) ?? [];
}
