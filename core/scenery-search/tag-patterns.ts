/**
 * The category wordings (labels and synonyms) cut into morpheme patterns for tagging observation text. kuromoji
 * tokenises each wording once; an observation is then scanned against the patterns without being tokenised, which
 * keeps tagging a million observations feasible (kuromoji itself reads only ~15-30 k characters a second here).
 *
 * A pattern is a run of content morphemes, folded like the index (katakana as hiragana). A conjugating one (動詞,
 * 形容詞) keeps its stem and lets okurigana and auxiliaries follow (狭い → 狭: 狭く, 狭かった; 咲く → 咲: 咲いている; not 狭め, observation-tagger.ts),
 * particles between morphemes are optional and interchangeable (花が咲く ~ 花の咲く ~ 花咲く), and する after a
 * noun is dropped (点滅する → 点滅); a negating auxiliary marks its word, which then matches only negated text
 * (日が当たらない is not 日が当たっている), and a two-kanji noun may be split by の (石段 ~ 石の段). A wording of nouns also gives its reading (提灯 → ちょうちん), matched only
 * where the observation writes that word in kana.
 */
import type { CategoryCatalog } from './categories.ts';
import { foldKana } from './normalize.ts';
import type { PatternPart, TagPattern } from './tag-pattern.ts';
import type { TagSource } from './tag-source.ts';
import { thesaurusPatterns } from './tag-thesaurus.ts';
import { nominalVerbParts, reversedParts, withHeads } from './tag-variants.ts';
import type { QueryToken, TokenizeText } from './tokenizer.ts';

export type { PatternPart, TagPattern } from './tag-pattern.ts';

/** What tagging needs of the wording side: the patterns of a catalog. Swapping the matcher means swapping this. */
export type PatternSource = (catalog: CategoryCatalog, tokenize: TokenizeText) => TagPattern[];

const KANA = /^[\u3041-\u309f\u30a1-\u30fc]+$/u;
const CONJUGATING = new Set(['動詞', '形容詞']);
const MIN_READING = 3;
const TWO_KANJI = /^[\u4e00-\u9fff]{2}$/u;

function isSuffixOfConjugation(t: QueryToken): boolean {
  return (
    t.pos === '助動詞' ||
    (t.pos === '動詞' && (t.detail === '非自立' || t.detail === '接尾')) ||
    (t.pos === '助詞' && t.detail === '接続助詞')
  );
}

// Auxiliaries that negate the word they follow (当たらない, 開かず, できません): kept as a mark on that word.
const NEGATING_AUXILIARY = new Set(['ない', 'ぬ', 'ん']);

function patternKey(parts: readonly PatternPart[]): string {
  return parts.map((p) => `${p.joinedBy ?? ''}${p.text}${p.conjugates ? '~' : ''}${p.negated ? '!' : ''}`).join('|');
}

/** The content morphemes of one wording (folded), or null when nothing is left. */
export function wordingParts(wording: string, tokenize: TokenizeText): PatternPart[] | null {
  const normalized = wording.normalize('NFKC').toLowerCase();
  // A wording in kana is one word as written (tokenising ほどうきょう cuts it into nonsense).
  if (KANA.test(normalized)) return [{ text: foldKana(normalized), conjugates: false }];
  const parts: PatternPart[] = [];
  for (const t of tokenize(normalized)) {
    const last = parts[parts.length - 1];
    if (last?.conjugates && isSuffixOfConjugation(t)) {
      if (t.pos === '助動詞' && NEGATING_AUXILIARY.has(t.basic)) last.negated = true;
      continue;
    }
    if (t.pos === '記号' || t.pos === '助詞') continue;
    if (t.pos === '動詞' && t.basic === 'する' && last) {
      last.conjugates = true;
      continue;
    }
    if (CONJUGATING.has(t.pos) && t.basic.length >= 2 && KANA.test(t.basic.at(-1) as string)) {
      const stem = t.basic.slice(0, -1);
      // A stem of kana only (ある → あ) would match anywhere: keep such a word whole.
      if (!KANA.test(stem)) {
        parts.push({ text: foldKana(stem), conjugates: true, verb: t.pos === '動詞' });
        continue;
      }
    }
    if (t.pos === '名詞' && t.detail === '形容動詞語幹') {
      parts.push({ text: foldKana(t.surface), conjugates: true });
      continue;
    }
    // Only a wording's first noun: a later one is the head of the phrase (静かな通り is no 通る).
    const verb = t.pos === '名詞' && parts.length === 0 ? nominalVerbParts(t.surface, tokenize) : null;
    if (verb) {
      parts.push(...verb);
      continue;
    }
    if (last && !last.conjugates && t.pos === '名詞' && t.detail === '接尾') {
      last.text += foldKana(t.surface);
      continue;
    }
    parts.push({ text: foldKana(t.surface), conjugates: false });
  }
  return parts.length > 0 ? parts : null;
}

/** The kana reading of a wording made of nouns only (提灯 → ちょうちん), or null. */
export function wordingReading(wording: string, tokenize: TokenizeText): string | null {
  const normalized = wording.normalize('NFKC');
  if (KANA.test(normalized)) return null;
  const tokens = tokenize(normalized).filter((t) => t.pos !== '記号');
  if (tokens.some((t) => t.pos !== '名詞' || !t.known)) return null;
  const reading = foldKana(tokens.map((t) => t.reading).join(''));
  return reading.length >= MIN_READING && KANA.test(reading) ? reading : null;
}

/** Labels and synonyms of every category; a label wins over a synonym when two categories share a wording. */
export const catalogWordingPatterns: PatternSource = (catalog, tokenize) => {
  const byKey = new Map<string, TagPattern>();
  const add = (parts: PatternPart[], category: number, wording: string, kanaOnly: boolean, source: TagSource) => {
    const key = patternKey(parts);
    if (!byKey.has(key)) byKey.set(key, { parts, category, wording, kanaOnly, source });
  };
  for (const pass of ['label', 'synonym', 'reading'] as const) {
    for (const c of catalog.categories) {
      for (const wording of pass === 'label' ? [c.label] : pass === 'synonym' ? c.synonyms : [c.label, ...c.synonyms]) {
        if (pass === 'reading') {
          const reading = wordingReading(wording, tokenize);
          if (reading) add([{ text: reading, conjugates: false }], c.index, wording, true, 'reading');
          continue;
        }
        const parts = wordingParts(wording, tokenize);
        if (!parts) continue;
        add(parts, c.index, wording, parts.length === 1 && KANA.test(parts[0]?.text as string), pass);
        const swapped = reversedParts(parts, wording);
        if (swapped) add(swapped, c.index, wording, false, 'derived');
        // A two-kanji noun is also written with の between its characters (石段 → 石の段, 竹林 → 竹の林).
        const only = parts.length === 1 ? (parts[0] as PatternPart) : null;
        if (only && !only.conjugates && TWO_KANJI.test(only.text))
          add(
            [
              { text: only.text.charAt(0), conjugates: false },
              { text: only.text.charAt(1), conjugates: false, joinedBy: 'の' },
            ],
            c.index,
            wording,
            false,
            'derived',
          );
      }
    }
  }
  for (const p of thesaurusPatterns(catalog, tokenize, wordingParts))
    add(p.parts, p.category, p.wording, p.kanaOnly, 'thesaurus');
  return withHeads([...byKey.values()], catalog);
};
