/**
 * Opens a demo release for evaluation: its observations, the ground truth the generator wrote beside it
 * (DIR.ground-truth.ndjson.gz, each scene's truth read for the generation the release serves) and, for the scripts
 * that search, the corpus and an engine without a page cache (rounds repeat requests; each must be searched).
 * The corpus keeps observations (scripts read them) but not texts: its text lookups are bigram supersets like those of
 * the index the server builds from the store or loads from its file, so the figures are those of the served pages.
 */
import type { CategoryCatalog } from '../../core/scenery-search/categories.ts';
import { buildCorpus, type Corpus } from '../../core/scenery-search/corpus.ts';
import { createSearchEngine, type SearchEngine } from '../../core/scenery-search/engine.ts';
import { readReleaseCorpus } from '../../core/scenery-search/release-corpus.ts';
import { readTruth, type Truth } from './queries.ts';

type ReleaseCorpus = Awaited<ReturnType<typeof readReleaseCorpus>>;

export interface EvalRelease extends ReleaseCorpus {
  truth: Map<string, Truth>;
}

export async function openEvalRelease(dir: string): Promise<EvalRelease> {
  const folder = dir.replace(/\/+$/, '');
  const release = await readReleaseCorpus(folder);
  const served = new Map(release.observations.map((o) => [o.scene_id, o.generation.id ?? '']));
  return { ...release, truth: await readTruth(`${folder}.ground-truth.ndjson.gz`, served) };
}

export async function openEvalEngine(
  dir: string,
  catalog: CategoryCatalog,
): Promise<EvalRelease & { corpus: Corpus; engine: SearchEngine }> {
  const release = await openEvalRelease(dir);
  const corpus = await buildCorpus(release.observations, catalog, { keepTexts: false });
  const engine = await createSearchEngine(corpus, catalog, { pageCache: false });
  await engine.warmUp();
  return { ...release, corpus, engine };
}
