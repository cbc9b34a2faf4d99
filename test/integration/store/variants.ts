// The drivers the shared store suite runs against. PGlite always (in a temp dir); PostgreSQL when TEST_DATABASE_URL
// is set. TEST_STORE=pglite|postgres narrows a run to one driver (npm test runs the integration project once per
// driver). Under CI=true a PostgreSQL run is mandatory unless the run is narrowed to PGlite.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openStore } from '../../../core/store/open.ts';
import type { Store } from '../../../core/store/types.ts';

export interface StoreLocation {
  store: Store;
  /** Opens the same data again (after closing `store`), as a restarted server would. */
  reopen(): Promise<Store>;
}

export interface StoreVariant {
  name: string;
  /** A store on a new, empty location (fresh data folder or PostgreSQL schema), migrated. */
  openFresh(): Promise<StoreLocation>;
  /** Removes every location this variant created. */
  cleanup(): Promise<void>;
}

// A new PGlite folder costs an initdb (seconds): one made and migrated by openStore is kept for the file, and each
// fresh store starts from a copy of it, as openStore left it.
let template: Promise<string> | undefined;
function pgliteTemplate(): Promise<string> {
  template ??= (async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'machimi-pglite-template-'));
    await (await openStore({ dataDir })).close();
    return join(dataDir, 'pglite');
  })();
  return template;
}

function pgliteVariant(): StoreVariant {
  const dirs: string[] = [];
  return {
    name: 'PGlite',
    async openFresh() {
      const dataDir = await mkdtemp(join(tmpdir(), 'machimi-pglite-'));
      dirs.push(dataDir);
      await cp(await pgliteTemplate(), join(dataDir, 'pglite'), { recursive: true });
      return { store: await openStore({ dataDir }), reopen: () => openStore({ dataDir }) };
    },
    async cleanup() {
      await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
    },
  };
}

function postgresVariant(databaseUrl: string): StoreVariant {
  const schemas: string[] = [];
  return {
    name: 'PostgreSQL',
    async openFresh() {
      const schema = `store_test_${process.pid}_${schemas.length}_${Math.floor(Math.random() * 1e9)}`;
      schemas.push(schema);
      const open = () => openStore({ databaseUrl, schema, maxConnections: 4 });
      return { store: await open(), reopen: open };
    },
    async cleanup() {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await client.end();
      }
    },
  };
}

export function storeVariants(env: NodeJS.ProcessEnv = process.env): StoreVariant[] {
  const only = env.TEST_STORE;
  const url = env.TEST_DATABASE_URL;
  const variants: StoreVariant[] = [];
  if (only !== 'postgres') variants.push(pgliteVariant());
  if (only === 'pglite') return variants;
  if (url) {
    variants.push(postgresVariant(url));
  } else if (only === 'postgres' || (env.CI === 'true' && url === undefined)) {
    throw new Error(
      'the PostgreSQL store tests need TEST_DATABASE_URL (run scripts/ci/start-postgres.sh and export the ' +
        'TEST_DATABASE_URL it prints); under CI=true they are mandatory',
    );
  } else {
    console.warn('store tests: PostgreSQL variant skipped because TEST_DATABASE_URL is not set');
  }
  return variants;
}
