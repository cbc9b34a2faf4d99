/**
 * One small demo release per test run, read back by each file that asks (validating every row on the way). The
 * first file to ask generates it; files running at the same time may each generate one, and the first to finish
 * publishes it by renaming its folder, so a reader never sees half a release. It lives under the run's temporary root
 * (test/helpers/temp-root.ts), removed when the run ends; outside such a run every file generates its own.
 */
import { createReadStream, existsSync } from 'node:fs';
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { generateDemoRelease } from '../../../core/demo/generate.ts';
import { readManifest, readReleaseRows } from '../../../core/release/read.ts';
import type { ReleaseTable } from '../../../core/release/tables.ts';
import type { Manifest, RowTypes } from '../../../core/release/types.ts';
import { runTempRootVariable } from '../../helpers/temp-root.ts';

export interface LoadedDemo {
  dir: string;
  groundTruthPath: string;
  manifest: Manifest;
  rows: { [K in ReleaseTable]: RowTypes[K][] };
}

let cached: Promise<LoadedDemo> | undefined;

export const DEMO_SCENES = 2000;
export const DEMO_SEED = 11;

/** Beside the release: where the generator said it wrote the ground truth, relative to the release's parent. */
const GENERATED = 'generated.json';

/** Generates the release into a fresh folder of its own; returns that folder. */
async function generate(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'machimi-demo-'));
  const out = join(folder, 'release');
  const result = await generateDemoRelease({ scenes: DEMO_SCENES, seed: DEMO_SEED, out });
  await writeFile(join(folder, GENERATED), JSON.stringify({ groundTruth: relative(folder, result.groundTruthPath) }));
  return folder;
}

/** The run's shared folder, generated here unless another file already published it. */
async function sharedFolder(runRoot: string): Promise<string> {
  const shared = join(runRoot, `demo-fixture-s${DEMO_SEED}-n${DEMO_SCENES}`);
  if (existsSync(join(shared, GENERATED))) return shared;
  const mine = await generate();
  try {
    await rename(mine, shared);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
    await rm(mine, { recursive: true, force: true }); // another file published first
  }
  return shared;
}

async function load(): Promise<LoadedDemo> {
  const runRoot = process.env[runTempRootVariable];
  const folder = runRoot ? await sharedFolder(runRoot) : await generate();
  const out = join(folder, 'release');
  const { groundTruth } = JSON.parse(await readFile(join(folder, GENERATED), 'utf8')) as { groundTruth: string };
  const manifest = await readManifest(out);
  const rows = {
    generations: [],
    scenes: [],
    verbalizations: [],
    machine_features: [],
    streets: [],
    edges: [],
    areas: [],
    changes: [],
    amenities: [],
    schools: [],
  } as unknown as LoadedDemo['rows'];
  for await (const { table, row } of readReleaseRows(out, manifest)) (rows[table] as unknown[]).push(row);
  return { dir: out, groundTruthPath: join(dirname(out), groundTruth), manifest, rows };
}

export function loadDemo(): Promise<LoadedDemo> {
  cached ??= load();
  return cached;
}

/** The ground truth the generator wrote beside the release, one record per scene, by scene id. */
export async function readGroundTruth<T extends { scene_id: string }>(demo: LoadedDemo): Promise<Map<string, T>> {
  const truths = new Map<string, T>();
  const lines = createInterface({ input: createReadStream(demo.groundTruthPath).pipe(createGunzip()) });
  for await (const line of lines) {
    const t = JSON.parse(line) as T;
    truths.set(t.scene_id, t);
  }
  return truths;
}
