/**
 * Where in a tokenised text a category wording may start and end. Whole morphemes only: kuromoji's token boundaries,
 * and a match must begin and end on a content morpheme (a particle, an auxiliary, a demonstrative or a sentence-final
 * form never starts or ends one). Runs of kana are the exception: kuromoji cuts an all-kana word almost at random
 * (さかみち → さ|か|みち), so inside a run of hiragana any position may start or end a match of three kana or more. A kana
 * run is made of tokens written in hiragana only; an ending of a word written in kanji (立っ|て|い|ない) starts none.
 */
import type { QueryToken } from '../tokenizer.ts';
import { isFunctionMorpheme } from './wordings.ts';

// Morphemes that never belong to a wording: demonstratives (こ・そ・あ・ど: これ, あそこ, この, そんな).
const DEMONSTRATIVE_ADNOMINAL = /^[こそあど](?:の|んな)$/u;
function isNeverWording(token: QueryToken): boolean {
  if (token.pos === '名詞' && token.detail === '代名詞') return true;
  return token.pos === '連体詞' && DEMONSTRATIVE_ADNOMINAL.test(token.surface);
}

// Nor do auxiliaries of two kana or more (でしょ, ます, です) start or continue a kana run.
const breaksKanaRun = (token: QueryToken) =>
  isNeverWording(token) || (token.pos === '助動詞' && token.surface.length >= 2);

// Hiragana as written: a katakana word is one token kuromoji does not cut, so it is never split.
const HIRAGANA = /^[\u3041-\u3096\u30fc]+$/u;
const KATAKANA = /^[\u30a1-\u30fa\u30fc]+$/u;

export interface SpanRules {
  tokens: readonly QueryToken[];
  /** Token starts and ends. */
  boundaries: ReadonlySet<number>;
  /** Offsets strictly inside a kana run (where long matches may start or end too). */
  kanaInside: ReadonlySet<number>;
  /** Tokens by the offset they start at / end at. */
  startingAt: ReadonlyMap<number, QueryToken>;
  endingAt: ReadonlyMap<number, QueryToken>;
  /** neverBefore[i]: characters before offset i that belong to a demonstrative (for an O(1) test of a span). */
  neverBefore: Int32Array;
  /** Offsets inside a katakana word (never cut: カーブ is not read out of カーブミラ). */
  katakanaInside: ReadonlySet<number>;
}

export function spanRules(tokens: readonly QueryToken[], folded: string): SpanRules {
  const boundaries = new Set<number>([0, folded.length]);
  const startingAt = new Map<number, QueryToken>();
  const endingAt = new Map<number, QueryToken>();
  const inRun = new Set<number>();
  const uncut = new Set<number>();
  let previousInRun = false;
  let previousIsWord = false;
  for (const t of tokens) {
    boundaries.add(t.start).add(t.end);
    startingAt.set(t.start, t);
    endingAt.set(t.end, t);
    const kana = HIRAGANA.test(t.surface) && !breaksKanaRun(t);
    // A particle or an inflection ending right after a word in kanji or katakana is that word's, not a kana word's.
    const joins: boolean = kana && (previousInRun || !previousIsWord || !isFunctionMorpheme(t));
    if (joins) for (let i = t.start; i < t.end; i++) inRun.add(i);
    // A word of three kana or more that the dictionary knows (おしゃれ) is not cut.
    if (joins && t.known && t.surface.length >= 3) for (let i = t.start + 1; i < t.end; i++) uncut.add(i);
    previousInRun = joins;
    previousIsWord = !HIRAGANA.test(t.surface) && t.surface.trim() !== '' && t.pos !== '記号';
  }
  const kanaInside = new Set<number>();
  for (let i = 1; i < folded.length; i++) {
    if (inRun.has(i - 1) && inRun.has(i) && !uncut.has(i)) kanaInside.add(i);
  }
  const never = new Uint8Array(folded.length);
  for (const t of tokens) if (isNeverWording(t)) never.fill(1, t.start, t.end);
  const neverBefore = new Int32Array(folded.length + 1);
  for (let i = 0; i < folded.length; i++) neverBefore[i + 1] = (neverBefore[i] as number) + (never[i] as number);
  const katakanaInside = new Set<number>();
  for (const t of tokens) if (KATAKANA.test(t.surface)) for (let i = t.start + 1; i < t.end; i++) katakanaInside.add(i);
  return { tokens, boundaries, kanaInside, startingAt, endingAt, neverBefore, katakanaInside };
}

/**
 * How strictly a span is checked. `written`: a catalogue wording as written (通り抜けできない may end in an
 * auxiliary, and one of three characters or more may end inside a token); `content`: content morphemes at both edges, but a kana run may be cut anywhere; `strict`: content
 * morphemes at both edges and token boundaries only (for guesses such as one-edit matches).
 */
export type SpanCheck = 'written' | 'content' | 'strict';

/** Whether [start, end) may hold a category wording under `check`; never with a demonstrative inside. */
export function isWholeSpan(rules: SpanRules, start: number, end: number, check: SpanCheck = 'content'): boolean {
  if (end <= start) return false;
  const contentEdges = check !== 'written';
  const long = end - start >= 3 && check !== 'strict';
  const startOk = rules.boundaries.has(start) || (long && rules.kanaInside.has(start));
  // A catalogue wording of three characters or more may end inside a word kuromoji joined (大きな木 in 大きな|木の下).
  const endOk =
    rules.boundaries.has(end) ||
    (long && (rules.kanaInside.has(end) || (check === 'written' && !rules.katakanaInside.has(end))));
  if (!startOk || !endOk) return false;
  const first = rules.startingAt.get(start);
  const last = rules.endingAt.get(end);
  const cut = (at: number) => check === 'content' && rules.kanaInside.has(at);
  if (contentEdges && first && isFunctionMorpheme(first) && !cut(first.end)) return false;
  if (contentEdges && last && isFunctionMorpheme(last) && !cut(last.start)) return false;
  return rules.neverBefore[end] === rules.neverBefore[start];
}
