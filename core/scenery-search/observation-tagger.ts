/**
 * Tags an observation with the categories its text states, by meaning rather than by the catalogue's exact evidence
 * phrases: the labels' and synonyms' morphemes (tag-patterns.ts) found as whole words, conjugation- and
 * particle-tolerant, leftmost-longest; a word whose clause denies it (observed-negation.ts) counts as stated
 * absent; two words of one noun phrase also name the category they combine into (tag-compounds.ts); the
 * structured analysis fields add what they state (analysis-tags.ts).
 *
 * Whole words without tokenising the observation: a one-kanji word must stand between non-kanji characters (車 is
 * not found in 自転車, 駅 not in 駅伝), a katakana word between non-katakana ones (ベンチ not in ベンチャー), a kana
 * word may not continue a kana run nor go on into one (but for particles and らしい); longer kanji words may head or end a compound (公園 in 県立公園).
 */
import { analysisMeaningTags } from './analysis-field-meanings.ts';
import { analysisTags } from './analysis-tags.ts';
import type { CategoryCatalog } from './categories.ts';
import { categoryHeads } from './category-heads.ts';
import { DESCRIPTIONS_VERSION } from './description-rules.ts';
import { namesDestination } from './destination-mentions.ts';
import { statedLost } from './lost-mentions.ts';
import { foldKana } from './normalize.ts';
import type { SearchableObservation } from './observation-text.ts';
import { clauseAfter, deniedInClause } from './observed-negation.ts';
import { absenceMatcher } from './tag-absences.ts';
import { compoundSpans, compoundTable } from './tag-compounds.ts';
import { catalogDescriptions, type DescriptionMatcher } from './tag-descriptions.ts';
import { implicationTable, widen } from './tag-implications.ts';
import { patternTable } from './tag-pattern-table.ts';
import { catalogWordingPatterns, type PatternSource, type TagPattern } from './tag-patterns.ts';
import { addSource, hedgedAt, type SourceMask, type TagSource } from './tag-source.ts';
import { type Script, scriptOf } from './text-script.ts';
import { loadTokenizer, type TokenizeText } from './tokenizer.ts';
import { unsightedMentions } from './unsighted-mentions.ts';

/** Names the tagging rules; saved index files carry it (persist.ts), so a change here rebuilds them. */
export const TAGGING_RULES = `meaning-8-${DESCRIPTIONS_VERSION}`;

export interface ObservationTags {
  present: Set<number>;
  /** Categories only ever stated as absent in the observation. */
  absent: Set<number>;
  /** Per present category, the sources that stated it (tag-source.ts). */
  sources: Map<number, SourceMask>;
}

/** A category word found in one NFKC-normalised text, and whether its clause denies it. */
export interface TaggedSpan {
  category: number;
  start: number;
  end: number;
  denied: boolean;
  /** The description rule that read it (tag-descriptions.ts), when no wording of the category was found. */
  rule?: string;
  /** What read it (tag-source.ts); a label when not given. */
  source?: TagSource;
}

export interface ObservationTagger {
  /** The category words of one NFKC-normalised text, in text order (offsets are the text's). */
  spans(text: string): TaggedSpan[];
  /** Tags of one observation from its NFKC-normalised text segments (as the index reads them). */
  tag(observation: SearchableObservation, segments: readonly string[]): ObservationTags;
}

const PARTICLES = new Set(['の', 'が', 'な', 'に', 'を', 'は', 'も', 'と', 'で', 'や']);
// The same as char codes, for matching: charAt allocates a new string for every non-Latin character.
const PARTICLE_CODES = new Set([...PARTICLES].map((p) => p.charCodeAt(0)));
const MAX_OKURIGANA = 6;

// The 連用形 ending of a verb that heads a compound verb (生い|茂る, 咲き|誇る, 立ち|並ぶ).
const RENYOU_ENDING = new Set([...'いきぎしじちにひびみりえけげせぜてでねへべめれ'].map((c) => c.charCodeAt(0)));

/** Whether a kanji and a 連用形 ending stand at `at`, right before `verb` (the first verb of a compound). */
function isCompoundVerbHead(text: string, at: number, verb: string): boolean {
  return (
    scriptOf(text.charCodeAt(at)) === 'kanji' &&
    RENYOU_ENDING.has(text.charCodeAt(at + 1)) &&
    text.startsWith(verb, at + 2)
  );
}

const INSERTED_MODIFIER = /の?[\u4e00-\u9fff]{1,2}[いな]/y;

/** The length of an adjective (の古い, 古い, 静かな) at `at` right before `noun`, or 0. */
function insertedModifier(text: string, at: number, noun: string): number {
  INSERTED_MODIFIER.lastIndex = at;
  const m = INSERTED_MODIFIER.exec(text);
  return m && text.startsWith(noun, at + m[0].length) ? m[0].length : 0;
}

// The okurigana of a negated verb or adjective (当たらない, 開かずの, できません, 来なかった).
const NEGATED_OKURIGANA = /^[\u3041-\u309f]{0,6}?(?:ない|なく|なかっ|なけれ|ず|ぬ|ません)/u;

/** The end of the negation after a negated part's stem at `pos`, or -1 when the text is not negated there. */
function negationEnd(text: string, pos: number): number {
  const m = NEGATED_OKURIGANA.exec(text.slice(pos, pos + MAX_OKURIGANA + 3));
  return m ? pos + m[0].length : -1;
}

// 〜め after an adjective's stem (細めの道, 広めに): "on the narrow side", a degree below what the wording states (細い
// 路地 is narrow outright), so it does not read as the adjective. 古めかしい and 眺め go on in kana or are stems.
const ME = 'め'.charCodeAt(0);
const AFTER_HEDGED_DEGREE = new Set([...'のにでだな'].map((c) => c.charCodeAt(0)));

/** Whether め of a hedged degree stands at `pos`: read by char code, this runs for every conjugating part tried. */
function hedgedDegreeAt(text: string, pos: number): boolean {
  if (text.charCodeAt(pos) !== ME) return false;
  if (pos + 1 >= text.length) return true;
  const next = text.charCodeAt(pos + 1);
  return AFTER_HEDGED_DEGREE.has(next) || next < 0x3041 || next > 0x309f;
}

// 〜そう after a verb (雨が降りそう, 降り出しそうな空, 崩れそう): what is about to happen, not what the scene shows.
const FORETOLD = /^[\u3041-\u309f]{0,2}(?:[\u4e00-\u9fff][\u3041-\u309f]{0,2})?そう/u;

/** The end of `pattern` matched at `at` of `text`, or -1. */
function matchAt(text: string, at: number, pattern: TagPattern): number {
  const parts = pattern.parts;
  // Most patterns are one plain word: read it without the loop (the commonest call of tagging).
  if (parts.length === 1) {
    const only = parts[0] as (typeof parts)[number];
    if (only.joinedBy === undefined && !only.conjugates && !only.verb && !pattern.negated)
      return text.startsWith(only.text, at) ? at + only.text.length : -1;
  }
  let pos = at;
  for (let k = 0; k < pattern.parts.length; k++) {
    const part = pattern.parts[k] as (typeof pattern.parts)[number];
    if (part.joinedBy !== undefined) {
      if (!text.startsWith(part.joinedBy, pos)) return -1;
      pos += part.joinedBy.length;
      if (!text.startsWith(part.text, pos)) return -1;
    } else if (k > 0) {
      const prev = pattern.parts[k - 1] as typeof part;
      if (prev.conjugates && hedgedDegreeAt(text, pos)) return -1;
      const maxGap = prev.conjugates ? MAX_OKURIGANA : 2;
      let gap = 0;
      while (!text.startsWith(part.text, pos + gap)) {
        // A verb compounded onto the wording's verb keeps its meaning (草が生い茂る, 桜が咲き誇る).
        if (part.conjugates && !prev.conjugates && isCompoundVerbHead(text, pos + gap, part.text)) {
          gap += 2;
          break;
        }
        // One more modifier between a noun and its head keeps the phrase (木造の古い家屋 ~ 木造家屋).
        const modifier = !part.conjugates && !prev.conjugates ? insertedModifier(text, pos + gap, part.text) : 0;
        if (modifier > 0) {
          gap += modifier;
          break;
        }
        const c = text.charCodeAt(pos + gap);
        const fits = prev.conjugates ? scriptOf(c) === 'hiragana' : PARTICLE_CODES.has(c);
        if (!fits || ++gap > maxGap) return -1;
      }
      if (prev.negated && negationEnd(text.slice(0, pos + gap), pos) < 0) return -1;
      pos += gap;
    } else if (!text.startsWith(part.text, pos)) return -1;
    pos += part.text.length;
  }
  const last = pattern.parts.at(-1) as (typeof pattern.parts)[number];
  if (last.conjugates && hedgedDegreeAt(text, pos)) return -1;
  if (last.verb && FORETOLD.test(text.slice(pos, pos + 7))) return -1;
  // A negated last word ends with its negation, so the clause after it is read for a denial of the whole.
  return pattern.negated ? negationEnd(text, pos) : pos;
}

// Hiragana that may stand right before a kana word: particles and the endings of a modifier (赤い, 小さな, 咲いた).
const BEFORE_KANA_WORD = new Set([...PARTICLES, 'い', 'な', 'た']);

// Words that may follow a kana word besides one-kana particles: a conjecture (つつじらしき花, さくららしい) and the
// longer particles (つつじなど, ひまわりだけ, いちょうから). Anything else continues the kana run as another word.
const AFTER_KANA_WORD = /^(?:らし[いきく]|など|だけ|まで|ばかり|から|より|へ)/u;

function isKanaScript(s: Script): boolean {
  return s === 'hiragana' || s === 'katakana';
}

/** Whether the match [start, end) is a whole word of the original text (see the file comment). */
function boundaryOk(original: string, start: number, end: number, pattern: TagPattern): boolean {
  const first = pattern.parts[0]?.text as string;
  const lastPart = pattern.parts.at(-1) as (typeof pattern.parts)[number];
  const head = scriptOf(original.charCodeAt(start));
  const tail = scriptOf(original.charCodeAt(end - 1));
  const before = start > 0 ? scriptOf(original.charCodeAt(start - 1)) : 'other';
  const after = end < original.length ? scriptOf(original.charCodeAt(end)) : 'other';
  if (pattern.kanaOnly) {
    for (let i = start; i < end; i++) if (!isKanaScript(scriptOf(original.charCodeAt(i)))) return false;
    if (head === 'hiragana' && end - start < 3) return false;
  }
  if (head === 'katakana' && before === 'katakana') return false;
  if (head === 'hiragana' && before === 'hiragana' && !BEFORE_KANA_WORD.has(original.charAt(start - 1))) return false;
  if (head === 'kanji' && first.length === 1 && before === 'kanji') return false;
  if (lastPart.conjugates) return lastPart.text.length > 1 || after === 'hiragana';
  if (tail === 'katakana' && after === 'katakana') return false;
  if (
    tail === 'hiragana' &&
    after === 'hiragana' &&
    !PARTICLES.has(original.charAt(end)) &&
    !AFTER_KANA_WORD.test(original.slice(end, end + 3))
  )
    return false;
  if (tail === 'kanji' && lastPart.text.length === 1 && after === 'kanji') return false;
  // A material before 製 / 造 names what something else is made of (コンクリート製の高架), not the thing itself.
  if (pattern.parts.length === 1 && /^[製造]/u.test(original.charAt(end))) return false;
  return true;
}

export function createTagger(
  catalog: CategoryCatalog,
  tokenize: TokenizeText,
  patterns: PatternSource = catalogWordingPatterns,
  descriptions: ((catalog: CategoryCatalog, tokenize: TokenizeText) => DescriptionMatcher) | null = catalogDescriptions,
): ObservationTagger {
  const span = (p: TagPattern) => p.parts.reduce((n, part) => n + part.text.length, 0);
  const sorted = patterns(catalog, tokenize).sort((a, b) => span(b) - span(a));
  for (const pattern of sorted) pattern.negated = pattern.parts.at(-1)?.negated === true;
  // Char codes rather than one-character strings, which V8 allocates anew for every non-Latin character.
  const table = patternTable(sorted);
  const byId = catalog.byId;
  const compounds = compoundTable(catalog);
  const describe = descriptions?.(catalog, tokenize) ?? null;
  const heads = categoryHeads(catalog, tokenize);
  const implied = implicationTable(catalog);
  const absences = absenceMatcher(catalog, tokenize);
  const unsighted = unsightedMentions(catalog);

  const spans = (segment: string): TaggedSpan[] => {
    const out: TaggedSpan[] = [];
    const original = segment.toLowerCase();
    const text = foldKana(original);
    // A match inside an earlier one is part of it; one that starts inside and ends beyond is a word of its own
    // (赤れんがの塀: 赤れんが, then れんがの塀).
    let covered = 0;
    for (let i = 0; i < text.length; i++) {
      const candidates = table.at(text.charCodeAt(i), text.charCodeAt(i + 1));
      if (candidates === undefined) continue;
      for (const p of candidates) {
        const end = matchAt(text, i, p);
        if (end <= covered || !boundaryOk(original, i, end, p)) continue;
        // Nor does one start on a kana of the earlier word taken as a particle (の|れんが in のれんが).
        if (i < covered && scriptOf(original.charCodeAt(i - 1)) === 'hiragana') continue;
        covered = end;
        // A place named as where a way leads (神社へ向かう階段) is no sighting: the word is read, and tags nothing.
        // Nor is a moving car a parked one, a simile a sighting, a street name on a sign… (unsighted-mentions.ts).
        if (namesDestination(original, end) || unsighted(p.category, original, i, end)) break;
        const denied =
          statedLost(original, end) || deniedInClause(clauseAfter(original, i), end - i, tokenize, heads[p.category]);
        out.push({ category: p.category, start: i, end, denied, source: p.source ?? 'label' });
        if (p.head !== undefined) out.push({ category: p.head, start: i, end, denied, source: 'derived' });
        break;
      }
    }
    if (out.length > 1) for (const c of compoundSpans(original, out, compounds)) out.push({ ...c, source: 'derived' });
    const known = (c: number) => {
      for (const s of out) if (s.category === c) return true;
      return false;
    };
    if (describe !== null) for (const d of describe(original, text, known)) out.push({ ...d, source: 'description' });
    for (const a of absences(original, known)) out.push({ ...a, source: 'description' });
    return out;
  };

  return {
    spans,
    tag(observation, segments) {
      const present = new Set<number>();
      const denied = new Set<number>();
      const sources = new Map<number, SourceMask>();
      const stated = (c: number, source: TagSource, hedged: boolean) => {
        present.add(c);
        sources.set(c, addSource(sources.get(c) ?? 0, source, hedged));
      };
      for (const segment of segments)
        for (const s of spans(segment))
          if (s.denied) denied.add(s.category);
          else stated(s.category, s.source ?? 'label', hedgedAt(segment, s.end));
      for (const id of [...analysisTags(observation.analysis), ...analysisMeaningTags(observation.analysis)]) {
        const c = byId.get(id);
        if (c) stated(c.index, 'analysis', false);
      }
      widen(present, implied);
      // A wider category a kind implies is indexed like any tag, from its kind's statement.
      for (const c of present) if (!sources.has(c)) sources.set(c, addSource(0, 'derived', false));
      for (const c of present) denied.delete(c);
      return { present, absent: denied, sources };
    },
  };
}

// Building the patterns tokenises every wording of the catalog (seconds): one tagger per catalog content.
const taggers = new Map<string, Promise<ObservationTagger>>();

/** The tagger over the shared kuromoji tokenizer, built once per catalog content. */
export function loadTagger(catalog: CategoryCatalog): Promise<ObservationTagger> {
  const key = JSON.stringify(catalog.categories.map((c) => [c.id, c.label, c.synonyms]));
  let tagger = taggers.get(key);
  if (!tagger) {
    if (taggers.size >= 4) taggers.clear();
    tagger = loadTokenizer().then((tokenize) => createTagger(catalog, tokenize));
    tagger.catch(() => taggers.delete(key));
    taggers.set(key, tagger);
  }
  return tagger;
}
