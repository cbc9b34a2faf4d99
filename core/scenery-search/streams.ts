/**
 * Candidate streams: an ordered list of tiers of documents, best evidence first, read a bounded number at a time.
 * Tiers are computed lazily (most pages never leave the first one) and deterministically from the interpretation,
 * so a position (tier, offset) is all a cursor needs to resume. Inside a tier documents are visited in a fixed stride
 * permutation, so one page is spread over the city instead of taking the first street of the corpus.
 */
import type { Corpus } from './corpus.ts';
import type { Condition, Interpretation } from './interpretation-types.ts';
import { atLeast, contains, EMPTY_POSTINGS, intersectAll, type Postings, unionAll } from './postings.ts';

export interface Tier {
  name: string;
  /** The tier's documents (null: every document of the corpus), computed on first use. */
  docs: () => Postings | null;
  /** A per-document test applied while reading (negations, extra text terms): cheaper than building the list. */
  keep: (doc: number) => boolean;
}

export interface StreamPosition {
  tier: number;
  offset: number;
}

function tagged(corpus: Corpus, c: Condition): Postings {
  return corpus.categoryDocs[corpus.categoryIndex.get(c.category_id) ?? -1] ?? EMPTY_POSTINGS;
}

/**
 * The lists of documents an exclusion of the condition's category drops: those tagged with it and those whose other
 * released observations state it (stated-elsewhere.ts).
 */
function excludedBy(corpus: Corpus, c: Condition): Postings[] {
  const elsewhere = corpus.elsewhereDocs[corpus.categoryIndex.get(c.category_id) ?? -1];
  return elsewhere && elsewhere.length > 0 ? [tagged(corpus, c), elsewhere] : [tagged(corpus, c)];
}

/** Whether a document is tagged with the condition's category or its text uses the condition's wording. */
function satisfies(corpus: Corpus, c: Condition, doc: number): boolean {
  if (contains(tagged(corpus, c), doc)) return true;
  return c.matched_text !== null && c.matched_text.length >= 2 && corpus.text.docHasTerm(doc, c.matched_text);
}

/** Tag postings of a condition, widened by documents whose text uses its wording. */
function widened(corpus: Corpus, c: Condition): Postings {
  const worded = c.matched_text && c.matched_text.length >= 2 ? corpus.text.docsContaining(c.matched_text) : null;
  return worded ? unionAll([tagged(corpus, c), worded]) : tagged(corpus, c);
}

/** The documents of the term with the fewest; the other terms are checked per document. */
function rarest(corpus: Corpus, terms: string[]): Postings {
  let best: Postings | null = null;
  for (const term of terms) {
    const docs = corpus.text.docsContaining(term) ?? EMPTY_POSTINGS;
    if (best === null || docs.length < best.length) best = docs;
  }
  return best ?? EMPTY_POSTINGS;
}

/**
 * The documents that meet the soft conditions (tagged with a wished category, untagged with a softly negated one),
 * or null when there is none.
 */
function preferredTest(corpus: Corpus, conditions: Condition[]) {
  const soft = conditions.filter((c) => c.soft);
  if (soft.length === 0) return null;
  const wanted = soft.filter((c) => !c.negated).map((c) => tagged(corpus, c));
  const unwanted = soft.filter((c) => c.negated).flatMap((c) => excludedBy(corpus, c));
  const meets = (doc: number) =>
    (wanted.length === 0 || wanted.some((list) => contains(list, doc))) &&
    !unwanted.some((list) => contains(list, doc));
  return { docs: () => (wanted.length > 0 ? unionAll(wanted) : null), meets };
}

function lazy<T>(compute: () => T): () => T {
  let value: T | null = null;
  return () => {
    value ??= compute();
    return value;
  };
}

export function planTiers(corpus: Corpus, interpretation: Interpretation): Tier[] {
  const positive = interpretation.conditions.filter((c) => !c.negated && !c.soft);
  const negatedLists = interpretation.conditions
    .filter((c) => c.negated && !c.soft)
    .flatMap((c) => excludedBy(corpus, c));
  const notNegated = (doc: number) => !negatedLists.some((list) => contains(list, doc));
  // Soft conditions never filter: they only put the documents that meet them in a tier of their own, first.
  const wished = preferredTest(corpus, interpretation.conditions);
  const conditionWords = new Set(positive.map((c) => c.matched_text));
  const extraTerms = interpretation.text_terms.filter((t) => !conditionWords.has(t));
  const hasTerms = (doc: number) => extraTerms.every((t) => corpus.text.docHasTerm(doc, t));
  const tiers: Tier[] = [];
  const push = (name: string, compute: () => Postings | null, keep: (doc: number) => boolean = notNegated) =>
    tiers.push({ name, docs: lazy(compute), keep });

  if (interpretation.combine === 'any') {
    const lists = () => positive.map((c) => tagged(corpus, c));
    push('two_or_more_categories', () => atLeast(lists(), 2, corpus.size));
    push('one_category', () => unionAll(lists()));
    push('wording', () => unionAll(positive.map((c) => widened(corpus, c))));
    return tiers;
  }
  if (positive.length === 0) {
    if (extraTerms.length === 0) {
      if (wished) push('preferred', wished.docs, (doc) => notNegated(doc) && wished.meets(doc));
      push('all_documents', () => null);
    } else {
      // Driven by the rarest term, the others checked per document.
      push(
        'all_terms',
        () => rarest(corpus, extraTerms),
        (doc) => notNegated(doc) && hasTerms(doc),
      );
      if (extraTerms.length > 1) {
        push('some_terms', () => unionAll(extraTerms.map((t) => corpus.text.docsContaining(t) ?? EMPTY_POSTINGS)));
      }
    }
    return tiers;
  }
  const allTagged = lazy(() => intersectAll(positive.map((c) => tagged(corpus, c))));
  if (wished) push('all_tags_preferred', allTagged, (doc) => notNegated(doc) && hasTerms(doc) && wished.meets(doc));
  if (extraTerms.length > 0) push('tags_and_terms', allTagged, (doc) => notNegated(doc) && hasTerms(doc));
  push('all_tags', allTagged);
  // Wider tiers are driven by the rarest conditions' lists and check the others per document, so no request builds
  // a union over the whole corpus it will read 60 documents of.
  const byRarity = [...positive].sort((a, b) => tagged(corpus, a).length - tagged(corpus, b).length);
  const satisfied = (doc: number) => positive.filter((c) => satisfies(corpus, c, doc)).length;
  const first = byRarity[0] as Condition;
  push(
    'tags_or_wording',
    () => widened(corpus, first),
    (doc) => notNegated(doc) && satisfied(doc) === positive.length,
  );
  if (positive.length >= 2) {
    // A document missing at most one condition satisfies at least one of any two of them.
    const second = byRarity[1] as Condition;
    push(
      'all_but_one',
      () => unionAll([widened(corpus, first), widened(corpus, second)]),
      (doc) => notNegated(doc) && satisfied(doc) >= positive.length - 1,
    );
  }
  if (positive.length >= 3) push('any_condition', () => unionAll(positive.map((c) => widened(corpus, c))));
  return tiers;
}

/** A stride coprime with n, about n·φ away, so consecutive positions land far apart. */
function strideFor(n: number): number {
  if (n <= 2) return 1;
  let s = Math.max(1, Math.round(n * 0.6180339887)) % n;
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  while (s <= 1 || gcd(s, n) !== 1) s = (s + 1) % n;
  return s;
}

/**
 * Takes up to `count` documents from the tiers starting at `position`, skipping seen documents and those the filter
 * rejects. Returns the documents with their tier and the position after the last one read.
 */
export function takeCandidates(
  tiers: Tier[],
  position: StreamPosition,
  count: number,
  seen: Set<number>,
  accept: (doc: number) => boolean,
  docCount: number,
): { taken: { doc: number; tier: number }[]; position: StreamPosition; exhausted: boolean } {
  const taken: { doc: number; tier: number }[] = [];
  let { tier, offset } = position;
  while (tier < tiers.length && taken.length < count) {
    const current = tiers[tier] as Tier;
    const docs = current.docs();
    const size = docs === null ? docCount : docs.length;
    const stride = strideFor(size);
    while (offset < size && taken.length < count) {
      const at = (offset * stride) % size;
      const doc = docs === null ? at : (docs[at] as number);
      offset++;
      if (seen.has(doc) || !accept(doc) || !current.keep(doc)) continue;
      seen.add(doc);
      taken.push({ doc, tier });
    }
    if (offset >= size) {
      tier++;
      offset = 0;
    }
  }
  return { taken, position: { tier, offset }, exhausted: tier >= tiers.length };
}
