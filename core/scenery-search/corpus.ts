/**
 * The in-memory search corpus: light columns per observation (id, position, ward, year), the bigram text index and
 * the category postings (which observations state which category: its evidence phrases, or its words by meaning,
 * observation-tagger.ts). Built from any iterable of
 * observations, so it does not care whether they come from a release file, the store or a test.
 */
import type { CategoryCatalog } from './categories.ts';
import { statesAbsence } from './negation.ts';
import { foldKana, foldWithOffsets, nfkc } from './normalize.ts';
import { loadTagger } from './observation-tagger.ts';
import { collectTextLeaves, type SearchableObservation } from './observation-text.ts';
import type { Postings } from './postings.ts';
import { SceneIds } from './scene-ids.ts';
import { statedElsewhere } from './stated-elsewhere.ts';
import { addSource, type SourceMask, strongestSource } from './tag-source.ts';
import type { TextIndex } from './text-index.ts';
import { SEGMENT_SEPARATOR } from './text-index.ts';
import { TextIndexBuilder } from './text-index-builder.ts';

export interface CorpusObservation {
  /** Scene id, a digit string (ids exceed 2^53). */
  scene_id: string;
  lat: number;
  lon: number;
  ward: string | null;
  capture_year: number | null;
  generation: { id: string | null; version: number | null };
  /** Short display title; the first clause of the summary when absent. */
  title?: string;
  summary: string;
  analysis: Record<string, unknown> | null;
  /** Further Scene fields (is_pano, camera_type, position_source …) copied into results as they are. */
  scene?: Record<string, unknown>;
  /**
   * The scene's other released observations (other generations' texts of the same photograph), read at build time
   * for what they state (stated-elsewhere.ts) and not kept.
   */
  others?: SearchableObservation[];
}

export interface CorpusOptions {
  /** Keep observations in memory for judging and quotes (default true). Without them, pass `loadObservations`. */
  keepObservations?: boolean;
  /** Keep folded texts so text lookups are exact rather than bigram supersets (default: same as keepObservations). */
  keepTexts?: boolean;
  onProgress?: (docs: number) => void;
  /**
   * Milliseconds of indexing between two turns of the event loop (default 20): a server building its index in the
   * background keeps answering meanwhile. An async source alone does not give such turns (its items resolve as
   * microtasks while a page of rows is being read).
   */
  yieldEveryMs?: number;
}

export interface Corpus {
  size: number;
  /** Scene id of each doc (`ids.at(doc)`). */
  ids: SceneIds;
  lat: Float64Array;
  lon: Float64Array;
  /** Index into `wards`, -1 when unknown. */
  ward: Int16Array;
  wards: string[];
  /** Capture year, 0 when unknown. */
  year: Int16Array;
  text: TextIndex;
  /** Category id → its index in the catalog (and in categoryDocs). */
  categoryIndex: Map<string, number>;
  /** Per category index: sorted doc ids whose observation states the category's evidence. */
  categoryDocs: Postings[];
  /**
   * Per category index: sorted doc ids whose other released observations state the category and whose served one
   * does not (stated-elsewhere.ts). Read by exclusions only.
   */
  elsewhereDocs: Postings[];
  /** Tags of doc d: tagIds[tagStart[d] .. tagStart[d+1]). */
  tagStart: Uint32Array;
  tagIds: Uint8Array;
  /** Beside each of tagIds: the strongest source that stated it, and whether only hedged (tag-source.ts). */
  tagSources: Uint8Array;
  observations: CorpusObservation[] | null;
  /** Doc of a scene id (`docById.get(id)`); the same object as `ids`. */
  docById: SceneIds;
  buildMs: number;
  /** Loaded from an index file of an older format (repacked in memory): save it again. */
  legacyFormat?: boolean;
}

function withoutOthers({ others: _others, ...served }: CorpusObservation): CorpusObservation {
  return served;
}

/** The evidence phrases of every category, folded, with the category they belong to. */
export function evidencePhrases(catalog: CategoryCatalog): { phrases: string[]; category: number[] } {
  const phrases: string[] = [];
  const category: number[] = [];
  const seen = new Set<string>();
  for (const c of catalog.categories) {
    for (const raw of c.evidence) {
      const folded = foldWithOffsets(raw).folded;
      if (folded.length < 2 || seen.has(folded)) continue;
      seen.add(folded);
      phrases.push(folded);
      category.push(c.index);
    }
  }
  return { phrases, category };
}

/** The NFKC-normalised text segments of one observation, as the index reads them (it folds them itself). */
export function indexedSegments(observation: { summary: string; analysis: Record<string, unknown> | null }): string[] {
  return collectTextLeaves(observation).map((leaf) => nfkc(leaf.text));
}

/** The folded text of one observation as indexed: its segments joined by the separator (for tests and twins). */
export function indexedText(observation: { summary: string; analysis: Record<string, unknown> | null }): string {
  return foldKana(
    indexedSegments(observation)
      .map((s) => s.replaceAll(SEGMENT_SEPARATOR, ' '))
      .join(SEGMENT_SEPARATOR),
  );
}

export async function buildCorpus(
  source: Iterable<CorpusObservation> | AsyncIterable<CorpusObservation>,
  catalog: CategoryCatalog,
  options: CorpusOptions = {},
): Promise<Corpus> {
  const started = performance.now();
  const keepObservations = options.keepObservations ?? true;
  const builder = new TextIndexBuilder({ keepTexts: options.keepTexts ?? keepObservations });
  const { phrases, category: phraseCategory } = evidencePhrases(catalog);
  builder.registerPhrases(phrases);
  const tagger = await loadTagger(catalog);
  const ids: string[] = [];
  const lat: number[] = [];
  const lon: number[] = [];
  const ward: number[] = [];
  const year: number[] = [];
  const wards: string[] = [];
  const wardIndex = new Map<string, number>();
  const categoryDocs: number[][] = catalog.categories.map(() => []);
  const elsewhereDocs: number[][] = catalog.categories.map(() => []);
  const tagStart: number[] = [0];
  const tagIds: number[] = [];
  const tagSources: number[] = [];
  const observations: CorpusObservation[] | null = keepObservations ? [] : null;
  const seen = new Set<string>();
  const yieldEveryMs = options.yieldEveryMs ?? 20;
  let lastTurn = performance.now();

  for await (const obs of source) {
    if (performance.now() - lastTurn >= yieldEveryMs) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      lastTurn = performance.now();
    }
    const doc = ids.length;
    if (seen.has(obs.scene_id)) throw new Error(`scene ${obs.scene_id} appears twice in the search corpus`);
    seen.add(obs.scene_id);
    ids.push(obs.scene_id);
    lat.push(obs.lat);
    lon.push(obs.lon);
    year.push(obs.capture_year ?? 0);
    if (obs.ward === null) ward.push(-1);
    else {
      let w = wardIndex.get(obs.ward);
      if (w === undefined) {
        w = wards.length;
        wards.push(obs.ward);
        wardIndex.set(obs.ward, w);
      }
      ward.push(w);
    }
    observations?.push(obs.others ? withoutOthers(obs) : obs);
    const segments = indexedSegments(obs);
    const hits = builder.addDocument(segments);
    const found: Map<number, SourceMask> = tagger.tag(obs, segments).sources;
    for (const hit of hits) {
      const cat = phraseCategory[hit.phrase] as number;
      const end = hit.start + (phrases[hit.phrase] as string).length;
      if (statesAbsence(foldKana((segments[hit.segment] as string).slice(end, end + 12)))) continue;
      found.set(cat, addSource(found.get(cat) ?? 0, 'evidence', false));
    }
    for (const cat of [...found.keys()].sort((a, b) => a - b)) {
      (categoryDocs[cat] as number[]).push(doc);
      tagIds.push(cat);
      tagSources.push(strongestSource(found.get(cat) as SourceMask));
    }
    tagStart.push(tagIds.length);
    if (obs.others?.length)
      for (const cat of statedElsewhere(tagger, obs.others, indexedSegments, found))
        (elsewhereDocs[cat] as number[]).push(doc);
    if (options.onProgress && (doc + 1) % 10_000 === 0) options.onProgress(doc + 1);
  }

  seen.clear();
  const sceneIds = SceneIds.fromArray(ids);
  return {
    size: ids.length,
    ids: sceneIds,
    lat: Float64Array.from(lat),
    lon: Float64Array.from(lon),
    ward: Int16Array.from(ward),
    wards,
    year: Int16Array.from(year),
    text: builder.finish(),
    categoryIndex: new Map(catalog.categories.map((c) => [c.id, c.index])),
    categoryDocs: categoryDocs.map((docs) => Uint32Array.from(docs)),
    elsewhereDocs: elsewhereDocs.map((docs) => Uint32Array.from(docs)),
    tagStart: Uint32Array.from(tagStart),
    tagIds: Uint8Array.from(tagIds),
    tagSources: Uint8Array.from(tagSources),
    observations,
    docById: sceneIds,
    buildMs: performance.now() - started,
  };
}

/**
 * The stored source (tag-source.ts) of `category`'s tag on `doc`, or -1 when the doc is not tagged with it; a doc's
 * tags are sorted by category.
 */
export function tagSourceOf(corpus: Corpus, doc: number, category: number): number {
  let lo = corpus.tagStart[doc] as number;
  let hi = (corpus.tagStart[doc + 1] as number) - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const c = corpus.tagIds[mid] as number;
    if (c === category) return corpus.tagSources[mid] as number;
    if (c < category) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** Category indexes a doc is tagged with. */
export function tagsOf(corpus: Corpus, doc: number): number[] {
  return Array.from(corpus.tagIds.subarray(corpus.tagStart[doc] as number, corpus.tagStart[doc + 1] as number));
}
