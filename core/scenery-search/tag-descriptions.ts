/**
 * Tags a category from a sentence that describes it without naming it (description-rules.ts): the sentence holds a
 * word of each side of one of the category's rules, each as whole morphemes, and neither word is denied in its
 * clause (observed-negation.ts). Observations are not tokenised whole: the text is scanned for the rules' trigger
 * words (one side per rule, the rarer), a sentence holding one is checked for a needle of the other side, and only
 * then tokenised, once, to check that both are whole words (遮断 in 遮断機, not 棒 in 綿棒).
 */

import type { CategoryCatalog } from './categories.ts';
import { type ConceptWord, compileDescriptions, type DescriptionRule } from './description-rules.ts';
import { foldKana } from './normalize.ts';
import { clauseAfter, deniedInClause } from './observed-negation.ts';
import type { QueryToken, TokenizeText } from './tokenizer.ts';

export interface DescribedSpan {
  category: number;
  start: number;
  end: number;
  denied: false;
  /** The rule that read it (`category_id/name`). */
  rule: string;
}

/** The described categories of one NFKC-normalised, lowercased text and its kana-folded form (same offsets). */
export type DescriptionMatcher = (original: string, folded: string) => DescribedSpan[];

const SENTENCE_END = /[。\n!?！？]/u;
const KANA_WORD = /^[\u3041-\u309f\u30a1-\u30fc]+$/u;

/** Where `word` stands in the sentence as whole morphemes, or null. */
export function findWord(tokens: readonly QueryToken[], folded: string, word: ConceptWord): [number, number] | null {
  const last = word.morphemes.at(-1) as ConceptWord['morphemes'][number];
  const starts = new Set(tokens.map((t) => t.start));
  const prefix = (last.conjugates ? word.morphemes.slice(0, -1) : word.morphemes).map((m) => m.form).join('');
  for (const t of tokens) {
    if (last.conjugates) {
      if (foldKana(t.basic) !== last.form) continue;
      const from = t.start - prefix.length;
      if (from >= 0 && starts.has(from) && folded.startsWith(prefix, from)) return [from, t.end];
    } else if (starts.has(t.start) && folded.startsWith(prefix, t.start)) {
      const end = t.start + prefix.length;
      if (tokens.some((u) => u.end === end)) return [t.start, end];
    }
    if (word.reading !== null && KANA_WORD.test(t.surface) && foldKana(t.reading) === word.reading)
      return [t.start, t.end];
  }
  return null;
}

export function descriptionMatcher(rules: readonly DescriptionRule[], tokenize: TokenizeText): DescriptionMatcher {
  // Trigger needles by the code of their first character, each with the rules it may open.
  const byFirst = new Map<number, { needle: string; rules: number[] }[]>();
  rules.forEach((rule, r) => {
    for (const needle of rule.sides[0].flatMap((w) => w.needles)) {
      const list = byFirst.get(needle.charCodeAt(0)) ?? [];
      const entry = list.find((e) => e.needle === needle) ?? { needle, rules: [] };
      if (!list.includes(entry)) list.push(entry);
      if (!entry.rules.includes(r)) entry.rules.push(r);
      byFirst.set(needle.charCodeAt(0), list);
    }
  });

  const sentenceSpans = (original: string, folded: string, candidates: Set<number>): DescribedSpan[] => {
    const out: DescribedSpan[] = [];
    let tokens: QueryToken[] | null = null;
    for (const r of candidates) {
      const rule = rules[r] as DescriptionRule;
      if (out.some((s) => s.category === rule.category)) continue;
      if (!rule.sides[1].some((w) => w.needles.some((n) => folded.includes(n)))) continue;
      tokens ??= tokenize(original);
      const at = rule.sides.map((side) => {
        for (const w of side) {
          const found = findWord(tokens as QueryToken[], folded, w);
          if (found) return found;
        }
        return null;
      });
      const [a, b] = at;
      if (!a || !b) continue;
      const denied = [a, b].some(([s, e]) => deniedInClause(clauseAfter(original, s), e - s, tokenize));
      if (!denied)
        out.push({
          category: rule.category,
          start: Math.min(a[0], b[0]),
          end: Math.max(a[1], b[1]),
          denied: false,
          rule: rule.name,
        });
    }
    return out;
  };

  return (original, folded) => {
    const out: DescribedSpan[] = [];
    let start = 0;
    while (start < folded.length) {
      const rest = folded.slice(start).search(SENTENCE_END);
      const end = rest < 0 ? folded.length : start + rest;
      const candidates = new Set<number>();
      for (let i = start; i < end; i++) {
        const list = byFirst.get(folded.charCodeAt(i));
        if (list === undefined) continue;
        for (const e of list) if (folded.startsWith(e.needle, i)) for (const r of e.rules) candidates.add(r);
      }
      if (candidates.size > 0)
        for (const s of sentenceSpans(original.slice(start, end), folded.slice(start, end), candidates))
          out.push({ ...s, start: s.start + start, end: s.end + start });
      start = end + 1;
    }
    return out;
  };
}

export function catalogDescriptions(catalog: CategoryCatalog, tokenize: TokenizeText): DescriptionMatcher {
  return descriptionMatcher(compileDescriptions(catalog, tokenize), tokenize);
}
