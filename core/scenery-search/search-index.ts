/**
 * The release's search index as a file in DATA_DIR/search-index/<release_id>.bin (whichever store holds the rows:
 * each machine keeps its own copy of a file it can rebuild from the store). Written at ingest and whenever a start
 * had to build it; a start loads it when it belongs to the release and the current scenery categories, else rebuilds.
 */
import { join } from 'node:path';
import type { Logger } from '../log.ts';
import type { Store } from '../store/index.ts';
import type { CategoryCatalog } from './categories.ts';
import { buildCorpus, type Corpus } from './corpus.ts';
import { loadCorpus, saveCorpus } from './persist.ts';
import { type CorpusSource, corpusSourceOf, readStoreCorpus } from './store-corpus.ts';

export function searchIndexDirOf(dataDir: string): string {
  return join(dataDir, 'search-index');
}

/** Release ids are `[a-z0-9][a-z0-9._-]*` (manifest schema), safe as file names; the file's header names it too. */
export function searchIndexPath(indexDir: string, releaseId: string): string {
  return join(indexDir, `${releaseId}.bin`);
}

/** Builds the index by streaming the release's observations from the store; observations are not kept. */
export function buildStoreIndex(source: CorpusSource, catalog: CategoryCatalog): Promise<Corpus> {
  return buildCorpus(readStoreCorpus(source), catalog, { keepObservations: false, keepTexts: false });
}

export interface OpenedIndex {
  corpus: Corpus;
  from: 'file' | 'store';
  ms: number;
}

/** The index from its file when usable, else built from the store (and saved when a folder is given). */
export async function openSearchIndex(
  source: CorpusSource,
  catalog: CategoryCatalog,
  indexDir: string | null,
  log?: Logger,
): Promise<OpenedIndex> {
  const started = performance.now();
  const identity = { releaseId: source.record.release_id };
  const path = indexDir ? searchIndexPath(indexDir, identity.releaseId) : null;
  if (path) {
    try {
      const corpus = await loadCorpus(path, catalog, identity);
      if (corpus.legacyFormat) {
        // Repacked from an older file format in memory: write the current format so the next start only reads it.
        await saveCorpus(corpus, catalog, path, identity).catch((error: unknown) =>
          log?.warn({ err: error, path }, 'could not save the search index in its current format'),
        );
      }
      return { corpus, from: 'file', ms: Math.round(performance.now() - started) };
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'ENOENT') {
        log?.warn({ err: error, path }, 'search index file not usable; rebuilding it from the store');
      }
    }
  }
  const corpus = await buildStoreIndex(source, catalog);
  if (path) {
    // A read-only or full disk only costs the next start a rebuild.
    await saveCorpus(corpus, catalog, path, identity).catch((error: unknown) =>
      log?.warn({ err: error, path }, 'could not save the search index'),
    );
  }
  return { corpus, from: 'store', ms: Math.round(performance.now() - started) };
}

/** At ingest: builds the new release's index and writes its file, so the first start only reads it. */
export async function persistSearchIndex(
  store: Store,
  releaseId: string,
  dataDir: string,
  catalog: CategoryCatalog,
): Promise<{ path: string; scenes: number; buildMs: number; bytes: number }> {
  const corpus = await buildStoreIndex(await corpusSourceOf(store, releaseId), catalog);
  const path = searchIndexPath(searchIndexDirOf(dataDir), releaseId);
  const bytes = await saveCorpus(corpus, catalog, path, { releaseId });
  return { path, scenes: corpus.size, buildMs: Math.round(corpus.buildMs), bytes };
}
