// Brings a stored release into a running server without disturbing it: light columns and card records (from their
// snapshots in DATA_DIR when current, else from the store, then written), the default scene keys, and the scenery
// search engine for the server's configuration (its index from DATA_DIR or built and written), the check, then the
// map's structures. What this returns answers every face at once: no request waits for it after the swap.
import type { Config } from '../config.ts';
import { loadRelease, type ServedRelease } from '../data/served-release.ts';
import type { Logger } from '../log.ts';
import { warmMap } from '../map/warm.ts';
import { engineFor } from '../scenery-search/engine-holder.ts';
import { searchIndexDirOf } from '../scenery-search/search-index.ts';
import { prepareDefaultSceneKeys } from '../scenes/keys.ts';
import type { ReleaseRecord, Store } from '../store/index.ts';
import { checkLoadedRelease } from './check.ts';

export interface CandidateOptions {
  store: Store;
  config: Config;
  log: Logger;
}

export async function loadCandidate(record: ReleaseRecord, options: CandidateOptions): Promise<ServedRelease> {
  const { store, config, log } = options;
  const release = await loadRelease(store, record, { snapshotDir: config.dataDir, log });
  prepareDefaultSceneKeys(release.scenes);
  const engine = await engineFor(release, { config, log, indexDir: searchIndexDirOf(config.dataDir) });
  checkLoadedRelease(release, engine.corpus.size);
  await warmMap(release);
  return release;
}
