/**
 * The scenery search of a served release. The corpus (index) is built once per release and shared; an engine (judge,
 * cursor store, page cache) is made per configuration on top of it, so each server keeps its own process state as
 * separate replicas would. The build starts when the server starts listening (startEngineBuild) or, failing that, on
 * the first search.
 */
import type { Config } from '../config.ts';
import { SqlCursorStore } from '../cursor/sql-store.ts';
import { type CursorStore, MemoryCursorStore } from '../cursor/store.ts';
import type { ServedRelease } from '../data/served-release.ts';
import type { Logger } from '../log.ts';
import { countCursorsWith } from '../ops/metrics.ts';
import { type CategoryCatalog, loadCatalog } from './categories.ts';
import type { Corpus } from './corpus.ts';
import { createSearchEngine, type SearchEngine } from './engine.ts';
import { openAiJudgeFromConfig } from './judge/openai.ts';
import { openSearchIndex, searchIndexDirOf } from './search-index.ts';
import { loadStoreObservations, loadStoreSceneFields } from './store-corpus.ts';

export interface EngineSettings {
  /** The server's configuration: the judge (JUDGE_*) comes from it. Absent: the built-in judge. */
  config?: Config;
  log?: Logger;
  /**
   * Where the index file of the release is read from and written to (DATA_DIR/search-index). Only the first caller
   * for a release decides; absent: the index is built from the store and kept in memory only.
   */
  indexDir?: string;
}

let sharedCatalog: CategoryCatalog | undefined;
/** One catalog object for the process: evidence matchers are cached per catalog. */
export function searchCatalog(): CategoryCatalog {
  sharedCatalog ??= loadCatalog();
  return sharedCatalog;
}

const corpora = new WeakMap<ServedRelease, Promise<Corpus>>();
const builtCorpora = new WeakMap<ServedRelease, Corpus>();
const engines = new WeakMap<ServedRelease, Map<Config | null, Promise<SearchEngine>>>();

function corpusFor(release: ServedRelease, settings: EngineSettings): Promise<Corpus> {
  let promise = corpora.get(release);
  if (!promise) {
    const { log, indexDir } = settings;
    promise = openSearchIndex(release, searchCatalog(), indexDir ?? null, log).then(({ corpus, from, ms }) => {
      log?.info({ scenes: corpus.size, from, ms }, from === 'file' ? 'search index loaded' : 'search index built');
      builtCorpora.set(release, corpus);
      return corpus;
    });
    corpora.set(release, promise);
    promise.catch(() => corpora.delete(release));
  }
  return promise;
}

/** PostgreSQL: a table every replica reads. The embedded store serves one process, so the process keeps them. */
function cursorStoreFor(release: ServedRelease, log?: Logger): CursorStore {
  if (release.store.kind !== 'postgres') {
    const store = new MemoryCursorStore();
    countCursorsWith(() => store.size);
    return store;
  }
  return new SqlCursorStore(release.store, {
    onCleanupError: (error) => log?.warn({ err: error }, 'deleting expired search cursors failed'),
  });
}

async function buildEngine(release: ServedRelease, settings: EngineSettings): Promise<SearchEngine> {
  const { config, log } = settings;
  const started = performance.now();
  const judge = openAiJudgeFromConfig(config?.judge ?? null);
  const engine = await createSearchEngine(await corpusFor(release, settings), searchCatalog(), {
    ...(judge ? { judge } : {}),
    cursorStore: cursorStoreFor(release, log),
    wards: release.manifest.wards.map((ward) => ward.label),
    sourceRelease: release.record.release_id,
    // The index keeps no observations: a page reads its candidates' (and results') observations by id.
    loadObservations: (ids, withScene) => loadStoreObservations(release, ids, withScene),
    loadSceneFields: (ids) => loadStoreSceneFields(release, ids),
  });
  await engine.warmUp();
  log?.info(
    {
      scenes: engine.corpus.size,
      judge: judge ? { kind: judge.kind, url: config?.judge?.url, model: config?.judge?.model } : 'builtin_rubric',
      cursors: release.store.kind === 'postgres' ? 'postgres table' : 'in process',
      total_ms: Math.round(performance.now() - started),
    },
    'scenery search engine ready',
  );
  return engine;
}

/** The release's engine for this configuration, building it on first use; a failed build is tried again next time. */
export function engineFor(release: ServedRelease, settings: EngineSettings = {}): Promise<SearchEngine> {
  let byConfig = engines.get(release);
  if (!byConfig) {
    byConfig = new Map();
    engines.set(release, byConfig);
  }
  const key = settings.config ?? null;
  let promise = byConfig.get(key);
  if (!promise) {
    promise = buildEngine(release, settings);
    byConfig.set(key, promise);
    promise.catch((error: unknown) => {
      byConfig.delete(key);
      settings.log?.error({ err: error }, 'scenery search engine build failed');
    });
  }
  return promise;
}

/** The release's search corpus when it is already built, else null (for reads that can do without it). */
export function builtCorpus(release: ServedRelease): Corpus | null {
  return builtCorpora.get(release) ?? null;
}

/** Starts the build in the background, e.g. right after the server listens; resolves true once built. */
export function startEngineBuild(release: ServedRelease, log?: Logger, config?: Config): Promise<boolean> {
  const settings = config ? { log, config, indexDir: searchIndexDirOf(config.dataDir) } : { log };
  return engineFor(release, settings).then(
    () => true,
    () => false,
  );
}
