/**
 * Clauses of a query that set the scene rather than ask for it: the speaker's own story told in the past
 * (先週港を散歩していたら…見つけたのですが, 家族で行った神社が良かったので, 以前テレビで見たのですが) and a comparison's standard
 * (おばあちゃんの家みたいな, 港町の朝市のような). The scenery words in them are kept as wishes (soft: they rank, never
 * filter), since the request itself is elsewhere in the sentence. Read on kuromoji tokens.
 */
import type { QueryToken } from './tokenizer.ts';

const PUNCTUATION = /^[、。,.!?！？\s]+$/u;
// After a past predicate: the connectives that make its clause a subordinate story (〜たので, 〜たのですが).
const STORY_CONNECTIVES = new Set(['ので', 'が', 'けど', 'けれど', 'けれども', 'から', 'のに']);
// The comparison markers that follow their standard: 〜のような, 〜みたいな (よう|みたい + な). Not 〜っぽい: it
// names a quality the thing is asked to have (昭和っぽい路地, 洋館っぽい家), not a simile's standard.
const COMPARISON = new Set(['よう', 'みたい']);

const isPast = (t: QueryToken) => t.pos === '助動詞' && t.basic === 'た';

/** Where the clause holding token i starts: after the last punctuation before it. */
function clauseStart(tokens: QueryToken[], i: number): number {
  for (let k = i - 1; k >= 0; k--) {
    const t = tokens[k] as QueryToken;
    if (PUNCTUATION.test(t.surface)) return t.end;
  }
  return 0;
}

/**
 * The end of a story clause whose past predicate is token i, or -1: 〜た(のです|んです)が, 〜たので. Not 〜たとき,
 * which as often sets a viewpoint that is asked for (坂道を見下ろしたときに海が見える).
 * 〜たら is a story only when the clause after it is one (散歩していたら、…を見つけたのですが); else it is a
 * condition, often of a wish (〜が立ってたら尚良し), and returned as negative.
 */
function storyEnd(tokens: QueryToken[], i: number): number {
  const t = tokens[i] as QueryToken;
  let k = i + 1;
  if (t.surface === 'たら' || t.surface === 'だら') return -t.end - 1;
  if (tokens[k]?.surface === 'ら') return -(tokens[k] as QueryToken).end - 1;
  if (tokens[k]?.surface === 'の' || tokens[k]?.surface === 'ん') k++;
  if (tokens[k]?.pos === '助動詞' && tokens[k]?.basic !== 'た') k++;
  const next = tokens[k];
  return next?.pos === '助詞' && STORY_CONNECTIVES.has(next.surface) ? next.end : -1;
}

/**
 * A comparison's standard ending at token i (its marker), or -1: a noun (の)ような or a past (あった)ような that
 * stands apart from what it compares (a comma after it, or a noun that names something else: ガス灯のような街灯).
 * Before a head that names nothing (小道のような場所) the standard is what is asked for.
 */
function comparisonEnd(tokens: QueryToken[], i: number, isHead: (t: QueryToken) => boolean): number {
  const t = tokens[i] as QueryToken;
  const prev = tokens[i - 1];
  let after = i + 1;
  if (COMPARISON.has(t.surface) && tokens[after]?.surface === 'な') after++;
  else return -1;
  const standard = prev?.surface === 'の' ? tokens[i - 2] : prev;
  if (standard === undefined || !(standard.pos === '名詞' || isPast(standard))) return -1;
  const next = tokens[after];
  if (next === undefined || isHead(next)) return -1;
  return PUNCTUATION.test(next.surface) || next.pos === '名詞' ? t.start : -1;
}

/**
 * Spans of the folded query that are background: scenery words inside them are wishes, not requirements.
 * `isHead` tells a head noun that names nothing (場所, ところ, 写真).
 */
export function backgroundSpans(tokens: QueryToken[], isHead: (t: QueryToken) => boolean): [number, number][] {
  const spans: [number, number][] = [];
  let pendingCondition: [number, number] | null = null;
  tokens.forEach((t, i) => {
    let end = isPast(t) ? storyEnd(tokens, i) : comparisonEnd(tokens, i, isHead);
    const start = clauseStart(tokens, i);
    if (end < -1) {
      pendingCondition = [start, -end - 1];
      return;
    }
    if (end < 0) return;
    // A story clause right after a 〜たら clause makes that clause part of the story.
    if (pendingCondition !== null && start - pendingCondition[1] <= 1) spans.push(pendingCondition);
    if (PUNCTUATION.test(t.surface)) end = t.start;
    spans.push([start, end]);
  });
  return spans;
}
