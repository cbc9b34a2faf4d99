/**
 * Further forms of a catalogue wording for tagging observation text (tag-patterns.ts builds the patterns), each by a
 * general rule of Japanese rather than a list:
 * - a noun that is a verb's 連用形 (賑わい, 石積み, 瓦葺き) also reads as that verb conjugated (賑わっている,
 *   石が積まれた, 瓦で葺かれた): kuromoji must know the verb it would come from;
 * - a modifier and its noun also read as subject and predicate (狭い道 ~ 道が狭い, 急な坂 ~ 坂は急で,
 *   蛇行する道 ~ 道が蛇行している);
 * - a phrase ending on a noun names a kind of that noun (小さな神社 is a 神社, 石の階段 a 階段), see withHeads.
 */
import type { CategoryCatalog } from './categories.ts';
import { foldKana } from './normalize.ts';
import type { PatternPart, TagPattern } from './tag-pattern.ts';
import type { TokenizeText } from './tokenizer.ts';

const HIRAGANA = /^[\u3041-\u309f]$/u;
const HAS_KANJI = /[\u4e00-\u9fff]/u;
// The 連用形 ending of a 五段 verb and its dictionary ending (積み → 積む); an 一段 verb adds る (留め → 留める).
const GODAN: Record<string, string> = {
  い: 'う',
  き: 'く',
  ぎ: 'ぐ',
  し: 'す',
  ち: 'つ',
  に: 'ぬ',
  ひ: 'ふ',
  び: 'ぶ',
  み: 'む',
  り: 'る',
};
const ICHIDAN = /[いきぎしじちにひびみりえけげせぜてでねへべめれ]$/u;

function isVerb(candidate: string, tokenize: TokenizeText): boolean {
  const tokens = tokenize(candidate);
  return tokens.length === 1 && tokens[0]?.pos === '動詞' && tokens[0]?.basic === candidate;
}

/** A noun ending on a verb's 連用形 as [noun before it?, the verb's stem, conjugating], or null. */
export function nominalVerbParts(surface: string, tokenize: TokenizeText): PatternPart[] | null {
  const last = surface.at(-1) as string;
  if (!HIRAGANA.test(last) || surface.length < 2) return null;
  for (let k = 0; k < surface.length - 1; k++) {
    const prefix = surface.slice(0, k);
    const stem = surface.slice(k, -1);
    if (!HAS_KANJI.test(stem.charAt(0))) continue;
    const godan = GODAN[last];
    const verb =
      godan !== undefined && isVerb(stem + godan, tokenize)
        ? stem
        : ICHIDAN.test(last) && isVerb(`${surface.slice(k)}る`, tokenize)
          ? surface.slice(k)
          : null;
    if (verb === null) continue;
    const parts: PatternPart[] = prefix ? [{ text: foldKana(prefix), conjugates: false, nominal: true }] : [];
    parts.push({ text: foldKana(verb), conjugates: true, nominal: true, verb: true });
    return parts;
  }
  return null;
}

// What stands between a modifier and its noun (狭い道, 急な坂, 曲がった道, 蛇行する道), or after a subject (空が広い).
const MODIFIER_ENDING = /[いなただるうぬ]/u;
const SUBJECT_PARTICLE = /[がは]/u;
// What ends a modifier before its head noun: a particle or a modifier's ending (not a 連用形 such as 付き).
const PHRASE_JOINT = /^[のとがいなただるうぬ]$/u;
const HIRAGANA_WORD = /^[\u3041-\u309f]+$/u;

/**
 * A modifier and its noun the other way round (狭~|道 → 道|狭~, 空|広~ → 広~|空), for a two-part wording that
 * is such a phrase in the catalogue; compounds (レンガ敷き, 通り抜け不可) keep their order.
 */
export function reversedParts(parts: readonly PatternPart[], wording: string): PatternPart[] | null {
  if (parts.length !== 2) return null;
  const [a, b] = parts as [PatternPart, PatternPart];
  if (a.conjugates === b.conjugates || a.nominal || b.nominal || a.joinedBy || b.joinedBy) return null;
  const written = wording.normalize('NFKC').toLowerCase();
  // A denied wording (日が当たらない) lost its negation in the parts: the other order would only add to that.
  if (/ない|ず|ぬ/u.test(written)) return null;
  const folded = foldKana(written);
  const phrase = a.conjugates
    ? MODIFIER_ENDING.test(written.charAt(folded.lastIndexOf(b.text) - 1))
    : // A subject in hiragana may be a word kuromoji cut at a particle-like kana (れん|が敷き).
      !HIRAGANA_WORD.test(written.slice(folded.indexOf(a.text), folded.indexOf(a.text) + a.text.length)) &&
      SUBJECT_PARTICLE.test(written.charAt(folded.indexOf(a.text) + a.text.length));
  return phrase ? [b, a] : null;
}

/**
 * A phrase ending on a noun names a kind of that noun (小さな神社 is a 神社, 石の階段 a 階段): when the noun is
 * another category's wording and part of that category's label, a match names that category too. Only a noun after
 * a particle or a modifier's ending: in a compound the last noun need not be what the whole names (横断歩道).
 */
export function withHeads(patterns: TagPattern[], catalog: CategoryCatalog): TagPattern[] {
  const single = new Map<string, number>();
  for (const p of patterns) {
    const only = p.parts[0] as PatternPart;
    if (p.parts.length === 1 && !only.conjugates && !p.kanaOnly && !single.has(only.text))
      single.set(only.text, p.category);
  }
  const labels = catalog.categories.map((c) => foldKana(c.label.normalize('NFKC').toLowerCase()));
  for (const p of patterns) {
    const last = p.parts.at(-1) as PatternPart;
    if (p.parts.length < 2 || last.conjugates || last.joinedBy !== undefined) continue;
    const head = single.get(last.text);
    if (head === undefined || head === p.category) continue;
    // A one-kanji noun is the label itself (寺, 港), not a piece of it (溝 of 側溝, 塀 of ブロック塀).
    if (last.text.length === 1 ? labels[head] !== last.text : !labels[head]?.includes(last.text)) continue;
    // Kana folding keeps lengths, so the unfolded wording tells a particle (の) from katakana (レンガ).
    const written = p.wording.normalize('NFKC').toLowerCase();
    const before = written.charAt(written.length - last.text.length - 1);
    if (foldKana(written).endsWith(last.text) && PHRASE_JOINT.test(before)) p.head = head;
  }
  return patterns;
}
