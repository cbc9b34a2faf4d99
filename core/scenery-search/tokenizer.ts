/**
 * kuromoji, loaded once and kept. Loading its dictionary takes about 0.6 s of CPU, so it happens on first use (or on an
 * explicit warm-up at start) and every later query reuses the same tokenizer. Observations are not tokenised whole:
 * the index uses character bigrams and the tagger (observation-tagger.ts) tokenises only the catalogue's wordings
 * and the clauses that may deny one, because kuromoji (~0.33 M chars/s) is far too slow for a million observations.
 */
import type kuromoji from 'kuromoji';
import { loadCompactTokenizer } from './kuromoji-dictionary.ts';

export interface QueryToken {
  surface: string;
  /** Offset of the token in the tokenised text (UTF-16 units). */
  start: number;
  end: number;
  /** Part of speech (名詞, 助詞, 動詞 …) and its first detail (一般, 固有名詞, 数 …). */
  pos: string;
  detail: string;
  /** Second detail: 地域 for place names. */
  detail2: string;
  basic: string;
  /** Reading in katakana from the dictionary; the surface for a word kuromoji does not know. */
  reading: string;
  /** Whether the dictionary knows the word (false: kuromoji guessed it from its characters). */
  known: boolean;
}

export type TokenizeText = (text: string) => QueryToken[];

let loading: Promise<TokenizeText> | null = null;

// kuromoji throws on a NUL and on a lone high surrogate (both valid in a JSON string). Each becomes one other
// UTF-16 unit (a space, U+FFFD), so offsets into the tokenised text still match the caller's text.
function makeTokenizable(text: string): string {
  return text.toWellFormed().replaceAll('\u0000', ' ');
}

function tokensOf(tokenizer: kuromoji.Tokenizer<kuromoji.IpadicFeatures>, text: string): QueryToken[] {
  const tokens: QueryToken[] = [];
  let offset = 0;
  for (const t of tokenizer.tokenize(makeTokenizable(text))) {
    // word_position is 1-based and counts UTF-16 units; trust our own running offset, which is the same.
    const start = offset;
    offset += t.surface_form.length;
    tokens.push({
      surface: t.surface_form,
      start,
      end: offset,
      pos: t.pos,
      detail: t.pos_detail_1,
      detail2: t.pos_detail_2,
      basic: t.basic_form === '*' ? t.surface_form : t.basic_form,
      reading: t.reading && t.reading !== '*' ? t.reading : t.surface_form,
      known: t.word_type === 'KNOWN',
    });
  }
  return tokens;
}

// The engine's start reads the catalogue's wordings into several tables (tag patterns, description rules, category
// heads, wording tables), each tokenising the same short texts again: 60 % of its tokenised characters are repeats.
// Short texts' tokens are kept (bounded; cleared when full) and handed out as copies, so no caller shares them.
export const MEMO_TEXT_MAX = 32;
const MEMO_ENTRIES_MAX = 10_000;

export function memoTokenize(tokenize: TokenizeText): TokenizeText {
  const memo = new Map<string, QueryToken[]>();
  return (text) => {
    if (text.length > MEMO_TEXT_MAX) return tokenize(text);
    let tokens = memo.get(text);
    if (tokens === undefined) {
      tokens = tokenize(text);
      if (memo.size >= MEMO_ENTRIES_MAX) memo.clear();
      memo.set(text, tokens);
    }
    return tokens.map((t) => ({ ...t }));
  };
}

function wrap(tokenizer: kuromoji.Tokenizer<kuromoji.IpadicFeatures>): TokenizeText {
  return memoTokenize((text) => tokensOf(tokenizer, text));
}

/** The shared tokenizer; the first call starts loading the dictionary (kuromoji-dictionary.ts). */
export function loadTokenizer(): Promise<TokenizeText> {
  if (loading === null) {
    loading = loadCompactTokenizer().then(wrap);
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}
