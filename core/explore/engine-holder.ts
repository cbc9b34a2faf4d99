/**
 * One search engine per served release, built once (corpus from the store, then warm-up) and shared by every request.
 * The build starts when the server starts listening (startEngineBuild) or, failing that, on the first search.
 */
import type { ServedRelease } from '../data/served-release.ts';
import type { Logger } from '../log.ts';
import { loadCatalog } from '../search/categories.ts';
import { createSearchEngine, type SearchEngine } from '../search/engine.ts';
import { readStoreCorpus } from './store-corpus.ts';

const building = new WeakMap<ServedRelease, Promise<SearchEngine>>();
const built = new WeakMap<ServedRelease, SearchEngine>();

async function buildEngine(release: ServedRelease, log?: Logger): Promise<SearchEngine> {
  const started = performance.now();
  const engine = await createSearchEngine(readStoreCorpus(release), loadCatalog(), {
    wards: release.manifest.wards.map((ward) => ward.label),
    sourceRelease: release.record.release_id,
  });
  const corpusMs = Math.round(performance.now() - started);
  await engine.warmUp();
  log?.info(
    { scenes: engine.corpus.size, corpus_ms: corpusMs, total_ms: Math.round(performance.now() - started) },
    'scenery search engine ready',
  );
  built.set(release, engine);
  return engine;
}

/** The release's engine, building it on first use; a failed build is forgotten so the next request tries again. */
export function engineFor(release: ServedRelease, log?: Logger): Promise<SearchEngine> {
  let promise = building.get(release);
  if (!promise) {
    promise = buildEngine(release, log);
    building.set(release, promise);
    promise.catch((error: unknown) => {
      building.delete(release);
      log?.error({ err: error }, 'scenery search engine build failed');
    });
  }
  return promise;
}

/** The engine when it is already built, else null (for reads that can do without it). */
export function builtEngine(release: ServedRelease): SearchEngine | null {
  return built.get(release) ?? null;
}

/** Starts the build in the background, e.g. right after the server listens. */
export function startEngineBuild(release: ServedRelease, log?: Logger): void {
  void engineFor(release, log).catch(() => undefined);
}
