/**
 * What the rest of its clause does to each scenery word of a query: a negation makes it an exclusion, 〜少ない a
 * soft exclusion, an optional clause a wish. Both a negation and a trailing wish spread back over coordinated words
 * (電柱や電線がない, 桜や紅葉があると嬉しい). The words that carry them are returned to be claimed, so they are neither
 * text terms nor reported as dropped.
 */
import { activitySpans, reachedByAction } from './activity-clauses.ts';
import { backgroundSpans } from './background-clauses.ts';
import { isCoordination, negationAfter } from './negation.ts';
import { isFunctionToken } from './query-words.ts';
import { reasonSpans } from './reason-clauses.ts';
import { leadingOptionalSpans, trailingWishAfter } from './soft-clauses.ts';
import { storySpans } from './story-clauses.ts';
import type { QueryToken } from './tokenizer.ts';
import { softenWishSentences } from './wish-sentences.ts';

export interface MatchScope {
  negated: boolean;
  /** Ranks but never filters: an optional clause, or a negation asking for fewer (〜少ない). */
  soft: boolean;
  /** The clause rule that made it soft (`conditions[].soft_by`). */
  softBy?: SoftRule;
}

export type SoftRule = 'wish' | 'optional' | 'fewer' | 'background' | 'activity' | 'sparse';

/** A matched wording's place in the folded text. */
interface Span {
  start: number;
  end: number;
  /** The category's group: a comma lists words of one kind (電柱、電線がない), else it ends a clause. */
  category?: { group: string };
}

export function scopeMatches(
  folded: string,
  tokens: QueryToken[],
  matches: readonly Span[],
): { scopes: MatchScope[]; spans: [number, number][] } {
  const scopes: MatchScope[] = matches.map(() => ({ negated: false, soft: false }));
  const spans: [number, number][] = [];
  // Spreads a mark from match i back over the words coordinated with it.
  const spread = (i: number, mark: (s: MatchScope) => boolean, joins: (between: string) => boolean) => {
    for (let j = i - 1; j >= 0; j--) {
      const between = folded.slice((matches[j] as Span).end, (matches[j + 1] as Span).start);
      const listed = !/[、,]/u.test(between) || matches[j]?.category?.group === matches[i]?.category?.group;
      if (!listed || !joins(between) || !mark(scopes[j] as MatchScope)) break;
    }
  };
  matches.forEach((m, i) => {
    const limit = matches[i + 1]?.start ?? folded.length;
    const scope = scopes[i] as MatchScope;
    // A wish first: 〜でも構いません ends in a negator but accepts the word.
    const wish = trailingWishAfter(folded, tokens, m.end, limit);
    if (wish) {
      spans.push(...wish.spans);
      scope.soft = true;
      scope.softBy = 'wish';
      scope.negated = wish.negated;
      // A comma separates the wish from what was asked for before it; only a coordinating word joins them.
      const mark = (s: MatchScope) => {
        if (s.soft) return false;
        s.soft = true;
        s.softBy = 'wish';
        s.negated = wish.negated;
        return true;
      };
      // The wish covers the words modifying its noun too (格子戸の町家があると嬉しい).
      spread(i, mark, (between) => !/[、,]/u.test(between) && (isCoordination(between) || between === 'の'));
      return;
    }
    const negation = negationAfter(folded, tokens, m.end, limit);
    if (negation) {
      spans.push(...negation.spans);
      const soft = negation.kind === 'fewer';
      scope.negated = true;
      if (soft && !scope.soft) Object.assign(scope, { soft, softBy: 'fewer' });
      spread(
        i,
        (s) => {
          if (s.negated) return false;
          s.negated = true;
          if (soft && !s.soft) Object.assign(s, { soft, softBy: 'fewer' });
          return true;
        },
        isCoordination,
      );
    }
  });
  const leading = leadingOptionalSpans(folded, tokens);
  spans.push(...leading.markers);
  const background = [
    ...backgroundSpans(tokens, (t) => t.pos === '名詞' && isFunctionToken(t)),
    ...storySpans(
      tokens,
      matches.map((m) => m.start),
    ),
    ...reasonSpans(
      tokens,
      matches.map((m) => m.start),
    ),
  ];
  const activity = activitySpans(tokens);
  const within = (m: Span, spans: [number, number][]) => spans.some(([a, b]) => m.start >= a && m.end <= b);
  matches.forEach((m, i) => {
    const scope = scopes[i] as MatchScope;
    if (scope.soft) return;
    const by = within(m, leading.covered)
      ? 'optional'
      : within(m, background)
        ? 'background'
        : within(m, activity) && reachedByAction(tokens, m.end)
          ? 'activity'
          : null;
    if (by) Object.assign(scope, { soft: true, softBy: by });
  });
  softenWishSentences(folded, tokens, matches, scopes);
  return { scopes, spans };
}

const CONTENT_NOUN = new Set(['一般', 'サ変接続', '固有名詞', '形容動詞語幹']);

/**
 * Content words that name no category and are negated (ゴミが落ちていない when no category covers litter): the text
 * index can look for a word, not for its absence, so they are set aside, with the words of their negation.
 */
export function negatedWords(
  folded: string,
  tokens: QueryToken[],
  free: (start: number, end: number) => boolean,
  isContent: (token: QueryToken) => boolean,
): { words: QueryToken[]; fewer: boolean[]; spans: [number, number][] } {
  const words: QueryToken[] = [];
  const fewer: boolean[] = [];
  const spans: [number, number][] = [];
  for (const t of tokens) {
    if (t.pos !== '名詞' || !CONTENT_NOUN.has(t.detail) || !free(t.start, t.end) || !isContent(t)) continue;
    let limit = t.end;
    while (limit < folded.length && free(limit, limit + 1)) limit++;
    const negation = negationAfter(folded, tokens, t.end, limit);
    if (!negation) continue;
    words.push(t);
    fewer.push(negation.kind === 'fewer');
    spans.push(...negation.spans);
  }
  return { words, fewer, spans };
}
