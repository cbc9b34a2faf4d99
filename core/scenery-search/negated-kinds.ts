/**
 * A negated word that names no category but is the head noun of some categories' wordings: 木 in 大きな木, 松の木,
 * ヤシの木; 壁 in 石の壁, レンガの壁; 建物 in 石造りの建物. Those wordings name kinds of it, so asking for none of it
 * (木が生えていない公園) excludes each of them. The kinds are read from the catalogue's own wordings, as kuromoji cuts
 * them: two content words or more, written in kanji or katakana, ending in the noun, or a compound ending in it
 * (並木, 大木: Japanese compounds are headed by their last part). Each becomes a negated condition with rule
 * `hypernym`, naming the wording it reached.
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

interface KindTable {
  /** Head noun of a phrase (folded) → the kinds it heads. */
  phrases: Map<string, Kind[]>;
  /** Last word of each wording written in kanji, for compounds headed by their last kanji (並木, 大木 → 木). */
  words: { last: string; kind: Kind }[];
}

const byLexicon = new WeakMap<Lexicon, KindTable>();
const KANJI = /^\p{Script=Han}+$/u;

function addKind(kinds: Kind[], kind: Kind): void {
  if (!kinds.some((k) => k.category === kind.category)) kinds.push(kind);
}

/** The negatable categories' wordings by their head noun, read once per lexicon. */
function kindTable(lexicon: Lexicon, tokenize: TokenizeText): KindTable {
  const cached = byLexicon.get(lexicon);
  if (cached) return cached;
  const table: KindTable = { phrases: new Map(), words: [] };
  for (const [text, entry] of lexicon.entries) {
    if (entry.generated || !entry.category.negatable) continue;
    const tokens = tokenize(entry.source ?? text);
    const content = tokens.filter((t) => !isFunctionMorpheme(t));
    const head = content[content.length - 1];
    if (head === undefined || !hasLemmas(tokens)) continue;
    if (head !== tokens[tokens.length - 1] || head.pos !== '名詞') continue;
    const kind: Kind = { category: entry.category, wording: text, kind: entry.matchedBy };
    if (KANJI.test(head.surface)) table.words.push({ last: head.surface, kind });
    const word = foldKana(head.surface);
    // A head that is itself a wording is read by the wordings, not here.
    if (content.length < 2 || lexicon.entries.has(word)) continue;
    const kinds = table.phrases.get(word) ?? [];
    addKind(kinds, kind);
    table.phrases.set(word, kinds);
  }
  byLexicon.set(lexicon, table);
  return table;
}

/**
 * The kinds a negated word heads: wordings of two words ending in it (大きな木), and, for a word in kanji, compounds
 * ending in it (並木, 大木: a compound names a kind of its last part). None when it heads no wording.
 */
export function kindsOf(lexicon: Lexicon, tokenize: TokenizeText, word: QueryToken): Kind[] {
  const table = kindTable(lexicon, tokenize);
  const kinds = [...(table.phrases.get(foldKana(word.surface)) ?? [])];
  if (!KANJI.test(word.surface) || lexicon.entries.has(foldKana(word.surface))) return kinds;
  for (const { last, kind } of table.words)
    if (last.length > word.surface.length && last.endsWith(word.surface)) addKind(kinds, kind);
  return kinds;
}
