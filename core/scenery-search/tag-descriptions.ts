/**
 * Tags a category from a sentence that describes it without naming it (description-rules.ts): the sentence holds a
 * word of each side of one of the category's rules, each a whole word, and neither word is denied in its clause
 * (observed-negation.ts). Observations are not tokenised for this: the text is scanned for the rules' trigger words
 * (one side per rule, the rarer), a sentence holding one is checked for a needle of the other side, and both are
 * whole words by the scripts around them (`wholeWordAt`: 遮断 in 遮断機, not 棒 in 綿棒); only a denial check
 * tokenises, one clause.
 */

import type { CategoryCatalog } from './categories.ts';
import { type ConceptWord, compileDescriptions, type DescriptionRule } from './description-rules.ts';
import { clauseAfter, deniedInClause } from './observed-negation.ts';
import { predicatesOtherSubject, saysRow } from './other-subject.ts';
import { scriptOf } from './text-script.ts';
import type { TokenizeText } from './tokenizer.ts';
import { type Unsighted, unsightedMentions } from './unsighted-mentions.ts';

export interface DescribedSpan {
  category: number;
  start: number;
  end: number;
  denied: false;
  /** The rule that read it (`category_id/name`). */
  rule: string;
}

/**
 * The described categories of one NFKC-normalised, lowercased text and its kana-folded form (same offsets), but for
 * the categories `known` already holds (found by their wordings: no rule need be read for them).
 */
export type DescriptionMatcher = (
  original: string,
  folded: string,
  known: (category: number) => boolean,
) => DescribedSpan[];

// Hiragana that may stand right before a kana word: particles and the endings of a modifier (赤い, 小さな, 咲いた).
// Char codes rather than one-character strings, which V8 allocates anew for every non-Latin character.
const codes = (chars: string) => new Set([...chars].map((c) => c.charCodeAt(0)));
const BEFORE_KANA = codes('のがなにをはもとでやいた');
const AFTER_KANA = codes('のがなにをはもとでやかへ');
// A byte per character code rather than a Set: the sentence around each trigger is walked character by character.
const SENTENCE_END = new Uint8Array(0x10000);
for (const c of codes('。\n!?！？')) SENTENCE_END[c] = 1;

/**
 * Whether the needle of `word` found at [at, end) of the text is a whole word there, by the scripts around it (as
 * the tagger's wordings are): a one-kanji word stands between characters of other scripts than kanji and katakana
 * (道 not in 歩道, 急 not in 急カーブ), a katakana word between non-katakana, a kana word does not continue or go on
 * into a kana run (but for particles), and a verb's or adjective's stem is followed by one of its okurigana (上る
 * by ら, り, っ … and not 上を).
 */
export function wholeWordAt(text: string, at: number, end: number, word: ConceptWord, reading: boolean): boolean {
  const head = scriptOf(text.charCodeAt(at));
  const tail = scriptOf(text.charCodeAt(end - 1));
  const before = at > 0 ? scriptOf(text.charCodeAt(at - 1)) : 'other';
  const after = end < text.length ? scriptOf(text.charCodeAt(end)) : 'other';
  if (head === 'kanji' && word.headLength === 1 && (before === 'kanji' || before === 'katakana')) return false;
  // Katakana after kanji ends a compound that names something else (点字ブロック is no paving block).
  if (head === 'katakana' && (before === 'katakana' || before === 'kanji')) return false;
  if (head === 'hiragana' && before === 'hiragana' && !BEFORE_KANA.has(text.charCodeAt(at - 1))) return false;
  if (word.conjugates && !reading) return word.okurigana.has(text.charCodeAt(end));
  if (tail === 'kanji' && word.tailLength === 1 && (after === 'kanji' || after === 'katakana')) return false;
  if (tail === 'katakana' && after === 'katakana') return false;
  if (tail === 'hiragana' && after === 'hiragana' && !AFTER_KANA.has(text.charCodeAt(end))) return false;
  return true;
}

const KANA_RUN = /^[\u3041-\u309f\u30a1-\u30fc]+$/u;

/** Whether needle `n` of `word`, found at [at, end) of the text, is the word there. */
function wordAt(original: string, at: number, end: number, word: ConceptWord, n: number): boolean {
  // A reading matches only where the text spells it in kana (でんせん, not a kanji word read alike).
  if (n > 0 && !KANA_RUN.test(original.slice(at, end))) return false;
  return wholeWordAt(original, at, end, word, n > 0);
}

/** One sentence of a text: the whole folded text, where the sentence starts and ends, which character codes it holds. */
interface Sentence {
  folded: string;
  from: number;
  end: number;
  /** `seen[code] === id` for every character code of the sentence (one array reused by every sentence). */
  seen: Int32Array;
  id: number;
}

/** The first place in the sentence where `word` stands whole, as offsets of the whole `original` text, or null. */
export function findWord(original: string, sentence: Sentence, word: ConceptWord) {
  for (let n = 0; n < word.needles.length; n++) {
    const needle = word.needles[n] as string;
    // Most needles of the other side are not in a sentence at all: two lookups spare searching it for them.
    if (
      sentence.seen[needle.charCodeAt(0)] !== sentence.id ||
      sentence.seen[needle.charCodeAt(needle.length - 1)] !== sentence.id
    )
      continue;
    // Searched in the whole text from the sentence's start: no copy of each sentence.
    const { folded, from, end } = sentence;
    for (
      let at = folded.indexOf(needle, from);
      at >= 0 && at + needle.length <= end;
      at = folded.indexOf(needle, at + 1)
    ) {
      if (wordAt(original, at, at + needle.length, word, n)) return [at, at + needle.length] as const;
    }
  }
  return null;
}

/** Whether a verb or adjective of the pair is the predicate of another noun than the pair's (other-subject.ts). */
function saidOfOther(
  original: string,
  a: readonly [number, number],
  aWord: ConceptWord,
  b: readonly [number, number],
  bWord: ConceptWord,
) {
  const [first, firstWord, second, secondWord] = a[0] < b[0] ? [a, aWord, b, bWord] : [b, bWord, a, aWord];
  return (
    !firstWord.conjugates &&
    secondWord.conjugates &&
    saysRow(secondWord.written) &&
    predicatesOtherSubject(original, first[1], second[0])
  );
}

/**
 * Where a word of the rule's other side stands whole in the sentence, its clause not denying it and the pair's verb
 * said of the pair's noun, or null.
 */
function otherSide(
  original: string,
  sentence: Sentence,
  rule: DescriptionRule,
  tokenize: TokenizeText,
  trigger: readonly [number, number],
  triggerWord: ConceptWord,
) {
  for (const w of rule.sides[1]) {
    const found = findWord(original, sentence, w);
    if (
      found !== null &&
      !deniedInClause(clauseAfter(original, found[0]), found[1] - found[0], tokenize) &&
      !saidOfOther(original, trigger, triggerWord, found, w)
    )
      return found;
  }
  return null;
}

/**
 * A rule with the character codes of every needle of its other side, each needle's run led by its length: all of
 * them, not only the first and last, as a kana reading (のきさき) starts and ends on characters most sentences hold.
 */
interface ReadRule {
  rule: DescriptionRule;
  probe: Int32Array;
}

function readRule(rule: DescriptionRule): ReadRule {
  const codes = rule.sides[1].flatMap((w) =>
    w.needles.flatMap((n) => [n.length, ...Array.from({ length: n.length }, (_, k) => n.charCodeAt(k))]),
  );
  return { rule, probe: Int32Array.from(codes) };
}

/** Whether the sentence holds every character of some needle of the rule's other side (else findWord cannot find it). */
function mayHoldOtherSide(probe: Int32Array, sentence: Sentence): boolean {
  const { seen, id } = sentence;
  for (let k = 0; k < probe.length; ) {
    const end = k + 1 + (probe[k] as number);
    let j = k + 1;
    while (j < end && seen[probe[j] as number] === id) j++;
    if (j === end) return true;
    k = end;
  }
  return false;
}

interface Trigger {
  needle: string;
  /** The needle's second character code, -1 for none: a cheap first test. */
  second: number;
  word: ConceptWord;
  /** Which needle of the word (0: as written; 1: its reading). */
  n: number;
  rules: ReadRule[];
}

/** Whether the rule's category is neither known already nor described by an earlier rule. */
function pending(rule: DescriptionRule, known: (category: number) => boolean, out: readonly DescribedSpan[]): boolean {
  if (known(rule.category)) return false;
  for (const s of out) if (s.category === rule.category) return false;
  return true;
}

function anyPending(rules: readonly ReadRule[], known: (category: number) => boolean, out: DescribedSpan[]) {
  for (const { rule } of rules) if (pending(rule, known, out)) return true;
  return false;
}

const SOME_SECOND = 1;
const ANY_SECOND = 2;
const pairKey = (first: number, second: number) => (Math.imul(first, 31) + second) & 0xffff;
// What a text that describes nothing gets back (never written to).
const NONE: DescribedSpan[] = [];

/**
 * `unsighted`: the context rules under which a phrase states no sighting (unsighted-mentions.ts), read on the
 * described span as on a word.
 */
export function descriptionMatcher(
  rules: readonly DescriptionRule[],
  tokenize: TokenizeText,
  unsighted: Unsighted | null = null,
): DescriptionMatcher {
  // Trigger needles (of each rule's rarer side) by the code of their first character, each with the rules it opens.
  const byFirst = new Array<Trigger[] | undefined>(0x10000);
  const triggers = new Map<string, Trigger>();
  for (const rule of rules) {
    const read = readRule(rule);
    for (const word of rule.sides[0]) {
      // A reading is no trigger: a kana needle starts on the commonest characters of any text.
      [word.trigger].forEach((needle, n) => {
        const key = `${n}:${word.written}:${needle}`;
        let t = triggers.get(key);
        if (t === undefined) {
          t = { needle, second: needle.length > 1 ? needle.charCodeAt(1) : -1, word, n, rules: [] };
          triggers.set(key, t);
          const code = needle.charCodeAt(0);
          byFirst[code] = [...(byFirst[code] ?? []), t];
        }
        t.rules.push(read);
      });
    }
  }

  // Most characters that start a trigger are followed by none of its second characters: a table of the triggers'
  // first two characters (one byte each, small enough to stay in the processor's cache) skips them before the lists.
  const gate = new Uint8Array(0x10000);
  const pairs = new Uint8Array(0x10000);
  for (const t of triggers.values()) {
    const first = t.needle.charCodeAt(0);
    if (t.second < 0) gate[first] = ANY_SECOND;
    else {
      gate[first] ||= SOME_SECOND;
      pairs[pairKey(first, t.second)] = 1;
    }
  }

  // One sentence record, refilled for each sentence read: most texts describe nothing, and allocate nothing here.
  const sentence: Sentence = { folded: '', from: 0, end: -1, seen: new Int32Array(0x10000), id: 0 };
  return (original, folded, known) => {
    let out: DescribedSpan[] = NONE;
    let sentenceEnd = -1;
    for (let i = 0; i < folded.length; i++) {
      const code = original.charCodeAt(i);
      const g = gate[code];
      if (g === 0) continue;
      const next = original.charCodeAt(i + 1);
      if (g === SOME_SECOND && pairs[pairKey(code, next)] === 0) continue;
      const list = byFirst[code] as Trigger[];
      for (const t of list) {
        if ((t.second >= 0 && t.second !== next) || !original.startsWith(t.needle, i)) continue;
        const end = i + t.needle.length;
        // Whole-word first: a trigger inside a compound (線 of 車線, 電線) is the commonest miss, told by its neighbours.
        if (!wordAt(original, i, end, t.word, t.n) || !anyPending(t.rules, known, out)) continue;
        // The sentence around the trigger, found once for all its triggers.
        if (i >= sentenceEnd) {
          let from = i;
          sentenceEnd = end;
          while (from > 0 && SENTENCE_END[folded.charCodeAt(from - 1)] === 0) from--;
          while (sentenceEnd < folded.length && SENTENCE_END[folded.charCodeAt(sentenceEnd)] === 0) sentenceEnd++;
          const id = (sentence.id + 1) | 0;
          sentence.folded = folded;
          sentence.from = from;
          sentence.end = sentenceEnd;
          sentence.id = id;
          const seen = sentence.seen;
          for (let k = from; k < sentenceEnd; k++) seen[folded.charCodeAt(k)] = id;
        }
        for (const { rule, probe } of t.rules) {
          if (!pending(rule, known, out) || !mayHoldOtherSide(probe, sentence)) continue;
          const other = otherSide(original, sentence, rule, tokenize, [i, end], t.word);
          if (other === null || deniedInClause(clauseAfter(original, i), end - i, tokenize)) continue;
          const start = Math.min(i, other[0]);
          const stop = Math.max(end, other[1]);
          if (unsighted?.(rule.category, original, start, stop)) continue;
          if (out === NONE) out = [];
          out.push({ category: rule.category, start, end: stop, denied: false, rule: rule.name });
        }
      }
    }
    return out;
  };
}

export function catalogDescriptions(catalog: CategoryCatalog, tokenize: TokenizeText): DescriptionMatcher {
  return descriptionMatcher(compileDescriptions(catalog, tokenize), tokenize, unsightedMentions(catalog));
}
