/** Generates one small demo release per test worker and reads it back (validating every row on the way). */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateDemoRelease } from '../../../core/demo/generate.ts';
import { readManifest, readReleaseRows } from '../../../core/release/read.ts';
import type { ReleaseTable } from '../../../core/release/tables.ts';
import type { Manifest, RowTypes } from '../../../core/release/types.ts';

export interface LoadedDemo {
  dir: string;
  groundTruthPath: string;
  manifest: Manifest;
  rows: { [K in ReleaseTable]: RowTypes[K][] };
}

let cached: Promise<LoadedDemo> | undefined;

export const DEMO_SCENES = 2000;
export const DEMO_SEED = 11;

async function load(): Promise<LoadedDemo> {
  const base = await mkdtemp(join(tmpdir(), 'machimi-demo-'));
  const out = join(base, 'release');
  const result = await generateDemoRelease({ scenes: DEMO_SCENES, seed: DEMO_SEED, out });
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
  return { dir: out, groundTruthPath: result.groundTruthPath, manifest, rows };
}

export function loadDemo(): Promise<LoadedDemo> {
  cached ??= load();
  return cached;
}
