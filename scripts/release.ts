// npm run release -- list | show ID | stage ID | publish ID | withdraw ID [--json]
// Lists the releases of the configured store (PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR) and
// changes their status by the table in core/release/transitions.ts. Exit 0 done, 1 refused (one line on stderr
// naming why), 2 bad arguments.
import { resolve } from 'node:path';
import { ConfigError, parseConfig } from '../core/config.ts';
import {
  changeCommand,
  listCommand,
  parseReleaseArgs,
  RELEASE_USAGE,
  ReleaseCommandError,
  showCommand,
} from '../core/release/release-command.ts';
import { detailJson, formatChange, formatDetail, formatListing } from '../core/release/release-report.ts';
import { DataDirLockedError } from '../core/store/data-dir-lock.ts';
import { openStore } from '../core/store/open.ts';
import { RELEASE_CHANNEL } from '../core/store/releases.ts';
import type { Store } from '../core/store/types.ts';

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

async function main(args: string[]): Promise<number> {
  const command = parseReleaseArgs(args);
  if (!command) {
    console.error(RELEASE_USAGE);
    return 2;
  }
  if (command.kind === 'help') {
    console.log(RELEASE_USAGE);
    return 0;
  }
  let store: Store | undefined;
  try {
    const config = parseConfig();
    store = await openStore({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      timeoutMs: config.storeTimeoutMs,
    });
    if (command.kind === 'list') {
      const listing = await listCommand(store);
      process.stdout.write(command.json ? json(listing) : formatListing(listing));
    } else if (command.kind === 'show') {
      const detail = await showCommand(store, command.releaseId);
      process.stdout.write(command.json ? json(detailJson(detail)) : formatDetail(detail));
    } else {
      const result = await changeCommand(store, command.action, command.releaseId);
      const announced =
        store.kind === 'postgres'
          ? `announced to running servers (PostgreSQL NOTIFY ${RELEASE_CHANNEL})`
          : 'embedded store: the server serves by the rule at its next start';
      process.stdout.write(command.json ? json(result) : formatChange(result, announced));
    }
    return 0;
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      // The embedded store has one owner: a running server cannot be told to switch (docs/DEPLOY.md, Releases).
      const who = error.holderPid === null ? '' : ` (process ${error.holderPid})`;
      console.error(
        `release failed: the data folder ${resolve(parseConfig().dataDir)} is in use by a running server${who}; ` +
          'stop it, run this command, then start it again (switching without a restart needs PostgreSQL: ' +
          'docs/DEPLOY.md)',
      );
      return 1;
    }
    if (error instanceof ReleaseCommandError || error instanceof ConfigError) {
      console.error(`release failed: ${error.message}`);
      return 1;
    }
    // A database or system error (server unreachable, deadline …): its message and code, not a stack trace.
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string') {
      console.error(`release failed (${code}): ${(error as Error).message}; nothing was changed`);
      return 1;
    }
    throw error;
  } finally {
    await store?.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
