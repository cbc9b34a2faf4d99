// npm run ingest -- <release folder>
// Loads a release into the configured store (PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR) in one
// transaction, with a progress bar per table on stderr. Exit status 1 and one clear message when it is refused.
// Then writes the release's scenery search index to DATA_DIR/search-index/, so the server's start only reads it.
import { resolve } from 'node:path';
import { ConfigError, parseConfig } from '../core/config.ts';
import { writeReleaseSnapshot } from '../core/data/served-release.ts';
import { createProgressPrinter, IngestError, ingestRelease } from '../core/release/ingest.ts';
import { ReleaseFormatError } from '../core/release/read.ts';
import { searchCatalog } from '../core/scenery-search/engine-holder.ts';
import { persistSearchIndex } from '../core/scenery-search/search-index.ts';
import { DataDirLockedError } from '../core/store/data-dir-lock.ts';
import { openStore } from '../core/store/open.ts';
import type { Store } from '../core/store/types.ts';

const usage = 'usage: npm run ingest -- <release folder>';

async function main(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    return 0;
  }
  const [folder, ...extra] = args;
  if (!folder || extra.length > 0) {
    console.error(usage);
    return 2;
  }
  const config = parseConfig();
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${resolve(config.dataDir)}`;
  console.error(`ingesting ${resolve(folder)} into ${where}`);
  let store: Store | undefined;
  try {
    store = await openStore({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      timeoutMs: config.storeTimeoutMs,
    });
    const result = await ingestRelease(store, folder, { onProgress: createProgressPrinter() });
    console.error(
      `ingested release ${result.releaseId} (${result.status}): ${result.totalRows.toLocaleString('en-US')} rows in ` +
        `${result.seconds.toFixed(1)} s, ${Math.round(result.rowsPerSecond).toLocaleString('en-US')} rows/s`,
    );
    // The server's start then reads one file instead of millions of rows (core/data/light-snapshot.ts).
    try {
      const snapshot = await writeReleaseSnapshot(store, config.dataDir, result.releaseId);
      console.error(
        `start-up snapshots written to ${[snapshot.path, snapshot.cardsPath].filter(Boolean).join(' and ')} in ${(snapshot.ms / 1000).toFixed(1)} s`,
      );
    } catch (error) {
      console.error(`the start-up snapshot was not written (${(error as Error).message}); the server will write it`);
    }
    console.error('building the scenery search index');
    try {
      const index = await persistSearchIndex(store, result.releaseId, config.dataDir, searchCatalog());
      console.error(
        `search index of ${index.scenes.toLocaleString('en-US')} observations built in ` +
          `${(index.buildMs / 1000).toFixed(1)} s, ${Math.round(index.bytes / 1e6)} MB written to ${index.path}`,
      );
    } catch (error) {
      // The release is in; without the file the server builds the index at its first start instead.
      console.error(`the search index was not written (${(error as Error).message}); the server will build it`);
    }
    return 0;
  } catch (error) {
    if (
      error instanceof ReleaseFormatError ||
      error instanceof IngestError ||
      error instanceof ConfigError ||
      error instanceof DataDirLockedError
    ) {
      console.error(`\ningest failed: ${error.message}`);
      return 1;
    }
    // A database or system error (server unreachable, disk full …): its message and code, not a stack trace.
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string') {
      console.error(`\ningest failed (${code}): ${(error as Error).message}; nothing was loaded`);
      return 1;
    }
    throw error;
  } finally {
    await store?.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
