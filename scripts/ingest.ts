// npm run ingest -- <release folder>
// Loads a release into the configured store (PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR) in one
// transaction, with a progress bar per table on stderr. Exit status 1 and one clear message when it is refused.
import { resolve } from 'node:path';
import { ConfigError, parseConfig } from '../core/config.ts';
import { createProgressPrinter, IngestError, ingestRelease } from '../core/release/ingest.ts';
import { ReleaseFormatError } from '../core/release/read.ts';
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
    store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    const result = await ingestRelease(store, folder, { onProgress: createProgressPrinter() });
    console.error(
      `ingested release ${result.releaseId} (${result.status}): ${result.totalRows.toLocaleString('en-US')} rows in ` +
        `${result.seconds.toFixed(1)} s, ${Math.round(result.rowsPerSecond).toLocaleString('en-US')} rows/s`,
    );
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
