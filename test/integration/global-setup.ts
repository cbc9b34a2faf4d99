import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { generateDemoRelease } from '../../core/demo/generate.ts';
import { ingestRelease } from '../../core/release/ingest.ts';
import { openStore, type StoreOptions } from '../../core/store/index.ts';

// Once per integration run: generate the small demo city and ingest it into the store under test (PGlite in a temp
// folder, or a fresh schema of TEST_DATABASE_URL when TEST_STORE=postgres). Test servers open that store.

declare module 'vitest' {
  export interface ProvidedContext {
    testStore: StoreOptions;
    testReleaseDir: string;
  }
}

export const testScenes = 2000;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = await mkdtemp(join(tmpdir(), 'machimi-it-'));
  const releaseDir = join(root, 'release');
  await generateDemoRelease({ scenes: testScenes, seed: 1, out: releaseDir });
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const usePostgres = process.env.TEST_STORE === 'postgres';
  if (usePostgres && !databaseUrl) throw new Error('TEST_STORE=postgres needs TEST_DATABASE_URL');
  const schema = `it_${process.pid}_${Date.now()}`;
  const options: StoreOptions = usePostgres ? { databaseUrl, schema } : { dataDir: join(root, 'data') };
  const store = await openStore(options);
  try {
    await ingestRelease(store, releaseDir);
  } finally {
    await store.close();
  }
  project.provide('testStore', options);
  project.provide('testReleaseDir', releaseDir);
  return async () => {
    if (usePostgres && databaseUrl) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).finally(() => client.end());
    }
    await rm(root, { recursive: true, force: true });
  };
}
