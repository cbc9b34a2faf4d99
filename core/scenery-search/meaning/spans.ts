/**
 * Where in a tokenised text a category wording may start and end. Whole morphemes only: kuromoji's token boundaries,
 * and a match must begin and end on a content morpheme (a particle, an auxiliary, a demonstrative or a sentence-final
 * form never starts or ends one). Runs of kana are the exception: kuromoji cuts an all-kana word almost at random
 * (さかみち → さ|か|みち), so inside a run of hiragana any position may start or end a match of three kana or more. A kana
 * run is made of tokens written in hiragana only; an ending of a word written in kanji (立っ|て|い|ない) starts none.
 */
import type { QueryToken } from '../tokenizer.ts';
import { isFunctionMorpheme } from './wordings.ts';

// Morphemes that never belong to a wording: demonstratives (こ・そ・あ・ど), adnominals (この, その), and
// interjections of two kana or more (one kana tagged so is kuromoji's guess inside an all-kana word).
function isNeverWording(token: QueryToken): boolean {
  if (token.pos === '名詞' && token.detail === '代名詞') return true;
  if (token.pos === '連体詞') return true;
  return (token.pos === '感動詞' || token.pos === 'フィラー') && token.surface.length >= 2;
}

// Nor do auxiliaries of two kana or more (でしょ, ます, です) start or continue a kana run.
const breaksKanaRun = (token: QueryToken) =>
  isNeverWording(token) || (token.pos === '助動詞' && token.surface.length >= 2);

// Hiragana as written: a katakana word is one token kuromoji does not cut, so it is never split.
const HIRAGANA = /^[\u3041-\u3096\u30fc]+$/u;

export interface SpanRules {
  tokens: readonly QueryToken[];
  /** Token starts and ends. */
  boundaries: ReadonlySet<number>;
  /** Offsets strictly inside a kana run (where long matches may start or end too). */
  kanaInside: ReadonlySet<number>;
  /** Tokens by the offset they start at / end at. */
  startingAt: ReadonlyMap<number, QueryToken>;
  endingAt: ReadonlyMap<number, QueryToken>;
}

export function spanRules(tokens: readonly QueryToken[], folded: string): SpanRules {
  const boundaries = new Set<number>([0, folded.length]);
  const startingAt = new Map<number, QueryToken>();
  const endingAt = new Map<number, QueryToken>();
  const inRun = new Set<number>();
  let previousInRun = false;
  for (const t of tokens) {
    boundaries.add(t.start).add(t.end);
    startingAt.set(t.start, t);
    endingAt.set(t.end, t);
    const kana = HIRAGANA.test(t.surface) && !breaksKanaRun(t);
    // A particle or an inflection ending continues a run but never starts one.
    const joins: boolean = kana && (previousInRun || !isFunctionMorpheme(t));
    if (joins) for (let i = t.start; i < t.end; i++) inRun.add(i);
    previousInRun = joins;
  }
  const kanaInside = new Set<number>();
  for (let i = 1; i < folded.length; i++) if (inRun.has(i - 1) && inRun.has(i)) kanaInside.add(i);
  return { tokens, boundaries, kanaInside, startingAt, endingAt };
}

/**
 * Whether [start, end) may hold a category wording: both ends on token boundaries (or, three characters or more,
 * inside a kana run), no demonstrative inside, and unless the span is a catalogue wording as written
 * (`contentEdges` false: 通り抜けできない ends in an auxiliary), content morphemes at both edges.
 */
export function isWholeSpan(rules: SpanRules, start: number, end: number, contentEdges = true): boolean {
  if (end <= start) return false;
  const long = end - start >= 3;
  const startOk = rules.boundaries.has(start) || (long && rules.kanaInside.has(start));
  const endOk = rules.boundaries.has(end) || (long && rules.kanaInside.has(end));
  if (!startOk || !endOk) return false;
  const first = rules.startingAt.get(start);
  const last = rules.endingAt.get(end);
  if (contentEdges && first && isFunctionMorpheme(first) && !rules.kanaInside.has(first.end)) return false;
  if (contentEdges && last && isFunctionMorpheme(last) && !rules.kanaInside.has(last.start)) return false;
  return !rules.tokens.some((t) => t.start < end && t.end > start && isNeverWording(t));
}
