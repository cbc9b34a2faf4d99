// Opens the configured store (PostgreSQL when a URL is given, else PGlite) with its schema migrated.
import { migrate } from './migrate.ts';
import { openPgliteStore } from './pglite-driver.ts';
import { openPostgresStore } from './postgres-driver.ts';
import type { Store, StoreOptions } from './types.ts';

export async function openStore(options: StoreOptions): Promise<Store> {
  if (options.databaseUrl) {
    // The driver migrates as soon as the database answers (at once, or later after a degraded start).
    return openPostgresStore(options.databaseUrl, {
      ...options,
      prepare: async (store) => void (await migrate(store)),
    });
  }
  const store = await openPgliteStore(options.dataDir ?? null);
  try {
    await migrate(store);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}
