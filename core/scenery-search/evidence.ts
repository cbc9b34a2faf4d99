/**
 * Finds what an observation says about one category or word: stated with its evidence wording in the sections where
 * it belongs, mentioned elsewhere, stated as absent (…は見られない), or not mentioned. The rubric judge grades with
 * it, and quotes are cut from the passages it finds.
 *
 * An observation is folded once into one text (leaves joined by '\n'), so each needle costs one indexOf over the
 * whole observation instead of one per leaf.
 */
import type { SearchCategory } from './categories.ts';
import { foldForSearch, foldKana, foldWithOffsets, isNfkcStable, nfkc } from './normalize.ts';
import type { ObservationTagger, TaggedSpan } from './observation-tagger.ts';
import { collectTextLeaves, type SearchableObservation, type TextLeaf } from './observation-text.ts';

export interface FoldedLeaf {
  leaf: TextLeaf;
  folded: string;
  toOriginal: Int32Array | null;
}

export interface FoldedObservation {
  leaves: FoldedLeaf[];
  /** Folded leaves joined by '\n'. */
  text: string;
  /** Offset of each leaf in `text`. */
  starts: number[];
  /** The tagger's spans per leaf, found on first need (assessCategory). */
  tagged?: TaggedSpan[][];
  /** The page's spans by leaf text (see pageSpans), when folded for a page. */
  pageSpans?: Map<string, TaggedSpan[]>;
}

/** Presence of a category in one observation: 0 stated absent, 1 not mentioned, 2 mentioned, 3 stated as evidence. */
export type Presence = 0 | 1 | 2 | 3;

/** A passage inside one leaf (offsets in the leaf's folded text). */
export interface Passage {
  leaf: number;
  start: number;
  end: number;
}

export interface Finding {
  presence: Presence;
  /** The passage that decided it (a positive mention, or the statement of absence). */
  passage: Passage | null;
}

export interface CategoryMatcher {
  category: SearchCategory;
  evidence: string[];
  wording: string[];
  /** Sections where the category's evidence belongs (plus the summary). */
  fields: Set<string>;
  /**
   * Evidence phrases of other categories that contain one of this category's words (海が見える inside hilltop_view's
   * 屋根の連なりの向こうに海が見える): a word found inside one of them is that category's evidence, not a mention of this one.
   */
  shadows: Map<string, { phrase: string; offset: number }[]>;
  /** The catalog's categories (the key of its registered tagger). */
  all: readonly SearchCategory[];
}

/**
 * The folded forms of one page's observations, shared by its judge and its quotes. Made per page on purpose: a
 * process-wide cache (an LRU of 4 096; a WeakMap measured the same) kept young folded forms reachable from the old
 * generation, so every scavenge promoted them: ~7 MB a scavenge under jev traffic, ~0.35 MB of old-generation
 * garbage a search, a heap grown by ~130 MB after 444 searches at 1 M scenes.
 */
export type FoldCache = Map<SearchableObservation, FoldedObservation>;

// The tagger's spans of a leaf text, shared by one page's observations: among a page's candidates about half of the
// leaves' text repeats (short analysis values), and the spans are the text's alone. Kept as long as the page's cache.
const pageSpans = new WeakMap<FoldCache, Map<string, TaggedSpan[]>>();

function spansOfPage(cache: FoldCache): Map<string, TaggedSpan[]> {
  let spans = pageSpans.get(cache);
  if (!spans) {
    spans = new Map();
    pageSpans.set(cache, spans);
  }
  return spans;
}

/** The observation folded for matching; `cache` (the page's) keeps it for the page's other uses. */
export function foldObservation(observation: SearchableObservation, cache?: FoldCache): FoldedObservation {
  const cached = cache?.get(observation);
  if (cached) return cached;
  const raw = collectTextLeaves(observation);
  const joined = raw.map((l) => l.text.replaceAll('\n', ' ')).join('\n');
  let leaves: FoldedLeaf[];
  let text: string;
  if (isNfkcStable(joined)) {
    // The common case: fold everything at once and cut the leaves out of it (offsets are unchanged).
    text = foldKana(joined);
    let at = 0;
    leaves = raw.map((leaf) => {
      const folded = text.slice(at, at + leaf.text.length);
      at += leaf.text.length + 1;
      return { leaf, folded, toOriginal: null };
    });
  } else {
    leaves = raw.map((leaf) => ({ leaf, ...foldWithOffsets(leaf.text) }));
    text = leaves.map((l) => l.folded.replaceAll('\n', ' ')).join('\n');
  }
  const starts: number[] = [];
  let at = 0;
  for (const l of leaves) {
    starts.push(at);
    at += l.folded.length + 1;
  }
  const folded: FoldedObservation = { leaves, text, starts };
  if (cache) {
    folded.pageSpans = spansOfPage(cache);
    cache.set(observation, folded);
  }
  return folded;
}

// Matchers depend only on the catalog; judges, quotes and engines over the same catalog share them.
const matcherCaches = new WeakMap<readonly SearchCategory[], Map<string, CategoryMatcher>>();

export function matcherFor(category: SearchCategory, all: readonly SearchCategory[]): CategoryMatcher {
  let cache = matcherCaches.get(all);
  if (!cache) {
    cache = new Map();
    matcherCaches.set(all, cache);
  }
  let matcher = cache.get(category.id);
  if (!matcher) {
    matcher = buildCategoryMatcher(category, all);
    cache.set(category.id, matcher);
  }
  return matcher;
}

const HIRAGANA_ONLY = /^[\u3041-\u309f]+$/u;

// Each matcher reads every other category's evidence for its shadows: folded once per catalog, not once per matcher.
const foldedEvidence = new WeakMap<readonly SearchCategory[], string[][]>();

function foldedEvidenceOf(all: readonly SearchCategory[]): string[][] {
  let folded = foldedEvidence.get(all);
  if (!folded) {
    folded = all.map((c) => c.evidence.map(foldForSearch));
    foldedEvidence.set(all, folded);
  }
  return folded;
}

export function buildCategoryMatcher(category: SearchCategory, all: readonly SearchCategory[] = []): CategoryMatcher {
  const evidence = [...new Set(category.evidence.map(foldForSearch))];
  // Wording that is too short or too generic to be trusted inside observation text is left out (車 in 自転車).
  const wording = [...new Set([category.label, ...category.synonyms].map(foldForSearch))].filter(
    (w) => w.length >= 2 && !(HIRAGANA_ONLY.test(w) && w.length <= 3) && !evidence.some((e) => e === w),
  );
  const shadows = new Map<string, { phrase: string; offset: number }[]>();
  const folded = foldedEvidenceOf(all);
  for (let k = 0; k < all.length; k++) {
    if ((all[k] as SearchCategory).id === category.id) continue;
    for (const phrase of folded[k] as string[]) {
      for (const word of wording) {
        for (let at = phrase.indexOf(word); at >= 0; at = phrase.indexOf(word, at + 1)) {
          const list = shadows.get(word) ?? [];
          list.push({ phrase, offset: at });
          shadows.set(word, list);
        }
      }
    }
  }
  return {
    category,
    evidence,
    wording: wording.sort((a, b) => b.length - a.length),
    fields: new Set([...category.fields, 'summary']),
    shadows,
    all,
  };
}

// The observation tagger of each catalog, registered by the engine once loaded (it needs kuromoji).
const taggers = new WeakMap<readonly SearchCategory[], ObservationTagger>();

/** Lets assessCategory find what the index's tagger finds (words by meaning, not only evidence phrases). */
export function registerTagger(all: readonly SearchCategory[], tagger: ObservationTagger): void {
  taggers.set(all, tagger);
}

/** The tagger's first finding of the category in the observation: stated (not denied) first, else denied. */
function taggedFinding(doc: FoldedObservation, matcher: CategoryMatcher): Finding | null {
  const tagger = taggers.get(matcher.all);
  if (!tagger) return null;
  doc.tagged ??= doc.leaves.map((l) => {
    if (l.toOriginal !== null) return [];
    const text = nfkc(l.leaf.text);
    let spans = doc.pageSpans?.get(text);
    if (spans === undefined) {
      spans = tagger.spans(text);
      doc.pageSpans?.set(text, spans);
    }
    return spans;
  });
  let denial: Finding | null = null;
  for (let leaf = 0; leaf < doc.tagged.length; leaf++) {
    for (const s of doc.tagged[leaf] as TaggedSpan[]) {
      if (s.category !== matcher.category.index) continue;
      const passage = { leaf, start: s.start, end: s.end };
      if (!s.denied) {
        const inField = matcher.fields.has((doc.leaves[leaf] as FoldedLeaf).leaf.section);
        return { presence: inField ? 3 : 2, passage };
      }
      denial ??= { presence: 0, passage };
    }
  }
  return denial;
}

const CLAUSE_END = /[。、,，.！!？?\n]/u;
const ABSENCE_IN_CLAUSE = /ない|無い|なし|無し|見られず|見当たらず|ありません|存在せず|確認できず/u;

/** Whether the clause that follows a mention denies it (歩道はない, 電柱や電線は見当たらない). */
export function deniedAfter(text: string, end: number): boolean {
  const rest = text.slice(end, end + 40);
  const cut = rest.search(CLAUSE_END);
  return ABSENCE_IN_CLAUSE.test(cut < 0 ? rest : rest.slice(0, cut));
}

function leafAt(doc: FoldedObservation, position: number): number {
  let lo = 0;
  let hi = doc.starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if ((doc.starts[mid] as number) <= position) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

function shadowed(matcher: CategoryMatcher | null, text: string, word: string, at: number): boolean {
  const list = matcher?.shadows.get(word);
  return list?.some((s) => at >= s.offset && text.startsWith(s.phrase, at - s.offset)) === true;
}

interface Occurrence {
  at: number;
  length: number;
  leaf: number;
  denied: boolean;
}

/** Every occurrence of the needles, earliest first (shadowed words skipped). */
function occurrences(
  doc: FoldedObservation,
  needles: string[],
  matcher: CategoryMatcher | null,
  checkDenial: boolean,
): Occurrence[] {
  const found: Occurrence[] = [];
  for (const needle of needles) {
    for (let at = doc.text.indexOf(needle); at >= 0; at = doc.text.indexOf(needle, at + 1)) {
      if (shadowed(matcher, doc.text, needle, at)) continue;
      const end = at + needle.length;
      found.push({
        at,
        length: needle.length,
        leaf: leafAt(doc, at),
        denied: checkDenial && deniedAfter(doc.text, end),
      });
    }
  }
  return found.sort((a, b) => a.at - b.at);
}

function passageOf(doc: FoldedObservation, o: Occurrence): Passage {
  const start = o.at - (doc.starts[o.leaf] as number);
  return { leaf: o.leaf, start, end: start + o.length };
}

/** The statement by an evidence phrase or a wording, else the occurrences read (all denied, if any). */
function wordedStatement(
  doc: FoldedObservation,
  matcher: CategoryMatcher,
): { stated: Finding | null; evidence: Occurrence[]; worded: Occurrence[] } {
  const evidence = occurrences(doc, matcher.evidence, null, true);
  const inField = (o: Occurrence) => matcher.fields.has((doc.leaves[o.leaf] as FoldedLeaf).leaf.section);
  const strong = evidence.find((o) => !o.denied && inField(o));
  if (strong) return { stated: { presence: 3, passage: passageOf(doc, strong) }, evidence, worded: [] };
  const elsewhere = evidence.find((o) => !o.denied);
  if (elsewhere) return { stated: { presence: 2, passage: passageOf(doc, elsewhere) }, evidence, worded: [] };
  const worded = occurrences(doc, matcher.wording, matcher, true);
  const mention = worded.find((o) => !o.denied);
  if (mention) return { stated: { presence: 2, passage: passageOf(doc, mention) }, evidence, worded };
  return { stated: null, evidence, worded };
}

/**
 * assessCategory's finding when it is a statement (presence 2 or 3), else null. `indexTagged`: whether the index
 * tagged the observation with the category. Its tags hold every category the tagger states in the observation's
 * texts, so when it did not, the tagger (most of a text page's time) could add only a denial, and is not run.
 */
export function statementOf(doc: FoldedObservation, matcher: CategoryMatcher, indexTagged: boolean): Finding | null {
  if (!indexTagged) return wordedStatement(doc, matcher).stated;
  const finding = assessCategory(doc, matcher);
  return finding.presence >= 2 ? finding : null;
}

export function assessCategory(doc: FoldedObservation, matcher: CategoryMatcher): Finding {
  const { stated, evidence, worded } = wordedStatement(doc, matcher);
  if (stated) return stated;
  const tagged = taggedFinding(doc, matcher);
  if (tagged && tagged.presence > 0) return tagged;
  const denial = evidence.find((o) => o.denied) ?? worded.find((o) => o.denied);
  if (denial) return { presence: 0, passage: passageOf(doc, denial) };
  return tagged ?? { presence: 1, passage: null };
}

/**
 * How many leaves (passages) state the category, not denied: by its evidence phrases, its wordings or the tagger.
 * A scene that shows a thing tends to say so in more than one place (its summary and a detail); a passing mention
 * is said once. `taggerAlways` false reads the tagger only when no phrase or wording states the category
 * (assessCategory has then run it already): the judge's candidates are all counted, and the tagger costs about a
 * millisecond an observation.
 */
export function supportingLeaves(doc: FoldedObservation, matcher: CategoryMatcher, taggerAlways = true): number {
  const leaves = new Set<number>();
  for (const o of occurrences(doc, matcher.evidence, null, true)) if (!o.denied) leaves.add(o.leaf);
  for (const o of occurrences(doc, matcher.wording, matcher, true)) if (!o.denied) leaves.add(o.leaf);
  if ((taggerAlways || leaves.size === 0) && taggedFinding(doc, matcher) !== null)
    (doc.tagged as TaggedSpan[][]).forEach((spans, leaf) => {
      if (spans.some((s) => s.category === matcher.category.index && !s.denied)) leaves.add(leaf);
    });
  return leaves.size;
}

/** Whether the observation states one of the needles in a clause that does not deny it (shadowed words skipped). */
export function affirmsAny(doc: FoldedObservation, needles: string[], matcher: CategoryMatcher): boolean {
  return occurrences(doc, needles, matcher, true).some((o) => !o.denied);
}

/** A plain word (text term): mentioned (2) or not (1). */
export function assessTerm(doc: FoldedObservation, term: string): Finding {
  const first = occurrences(doc, [term], null, false)[0];
  return first ? { presence: 2, passage: passageOf(doc, first) } : { presence: 1, passage: null };
}
