import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { generateDemoRelease } from '../../../core/demo/generate.ts';
import { ingestRelease } from '../../../core/release/ingest.ts';
import { openStore, type Store } from '../../../core/store/index.ts';

// The fleet's own PostgreSQL schema, so that the releases it publishes and withdraws never reach the integration
// run's other files, with small demo releases ingested into it and the operator's `npm run release` command run
// against it as DEPLOY.md tells.

const root = fileURLToPath(new URL('../../../', import.meta.url));
const node = process.features.typescript ? process.execPath : join(root, 'node_modules/.bin/node');

export interface FleetStore {
  /** DATABASE_URL of the schema, for the replicas and the commands. */
  url: string;
  /** Generates a demo release (`scenes`, `seed`) with the manifest status given and ingests it; its id. */
  ingest(seed: number, status: 'published' | 'staged'): Promise<string>;
  /** `npm run release -- <action> <id>` against the schema; rejects unless it exits 0 within 30 s. */
  release(action: 'publish' | 'withdraw' | 'stage', releaseId: string): Promise<string>;
  close(): Promise<void>;
}

export async function openFleetStore(dir: string, scenes: number): Promise<FleetStore> {
  const databaseUrl = inject('testStore').databaseUrl as string;
  const schema = `fleet_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
  const store: Store = await openStore({ databaseUrl, schema });
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    async ingest(seed, status) {
      const made = await generateDemoRelease({ scenes, seed, out: join(dir, `release-${seed}`) });
      const path = join(made.dir, 'manifest.json');
      await writeFile(path, JSON.stringify({ ...JSON.parse(await readFile(path, 'utf8')), status }));
      await ingestRelease(store, made.dir);
      return made.releaseId;
    },
    release: (action, releaseId) =>
      new Promise((resolve, reject) => {
        const child = spawn(node, ['scripts/release.ts', action, releaseId], {
          cwd: root,
          env: { ...process.env, DATABASE_URL: url.toString(), LOG_LEVEL: 'silent' },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout.on('data', (chunk) => (output += chunk));
        child.stderr.on('data', (chunk) => (output += chunk));
        const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
        child.once('exit', (code) => {
          clearTimeout(timer);
          if (code === 0) resolve(output);
          else reject(new Error(`npm run release -- ${action} ${releaseId}: exit ${code}: ${output}`));
        });
      }),
    async close() {
      await store.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {});
      await store.close();
    },
  };
}
