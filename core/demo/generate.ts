/**
 * The demo city generator: writes a complete synthetic release folder (gzip NDJSON per table + manifest.json) and,
 * beside it, `<out>.ground-truth.ndjson.gz` (scene → categories) for search evaluation. Deterministic for a given
 * seed and size; streams every large table so a million scenes fit in bounded memory.
 */
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { RELEASE_TABLES, type ReleaseTable } from '../release/tables.ts';
import type { AmenityRow } from '../release/types.ts';
import { loadCategories } from './categories.ts';
import { buildChanges } from './changes.ts';
import { planCity } from './city-plan.ts';
import { ReleaseCounters } from './counters.ts';
import { emptyTally, GENERATIONS, generationRow } from './generations.ts';
import type { LayerInput } from './layers.ts';
import { buildMachineFeatures } from './machine.ts';
import { buildManifest } from './manifest.ts';
import type { EdgePlan } from './plan.ts';
import { Rng } from './rng.ts';
import { buildScene } from './scene.ts';
import { SceneCategoryPicker } from './scene-categories.ts';
import { workScene } from './scene-work.ts';
import { Tally } from './tally.ts';
import { writeLayers } from './write-layers.ts';
import { NdjsonWriter } from './writer.ts';

export interface DemoOptions {
  scenes: number;
  seed: number;
  /** The release folder to create. */
  out: string;
  /** Replace a non-empty output folder. */
  force?: boolean;
  onProgress?: (done: number, total: number) => void;
}

export interface DemoResult {
  releaseId: string;
  dir: string;
  groundTruthPath: string;
  rowCounts: Record<ReleaseTable, number>;
}

export function demoReleaseId(seed: number, scenes: number): string {
  return `demo-synthetic-s${seed}-n${scenes}`;
}

/** The ground truth sits next to the release folder, never inside it: ingest and search must not read it. */
export function groundTruthPathFor(out: string): string {
  return `${resolve(out)}.ground-truth.ndjson.gz`;
}

async function prepareDir(dir: string, force: boolean): Promise<void> {
  const existing = await readdir(dir).catch(() => null);
  if (existing && existing.length > 0) {
    if (!force) throw new Error(`output folder ${dir} is not empty (use --force to replace it)`);
    await rm(dir, { recursive: true, force: true });
  }
  await mkdir(dir, { recursive: true });
}

export async function generateDemoRelease(options: DemoOptions): Promise<DemoResult> {
  const { scenes: total, seed } = options;
  if (!Number.isInteger(total) || total < 100 || total > 5_000_000)
    throw new Error('scenes must be an integer in 100..5000000');
  if (!Number.isInteger(seed) || seed < 0 || seed > 2 ** 31) throw new Error('seed must be a non-negative integer');
  const dir = resolve(options.out);
  await prepareDir(dir, options.force ?? false);
  const releaseId = demoReleaseId(seed, total);
  const rng = (label: string) => new Rng(seed, label);
  const catalog = loadCategories();
  const groupOf = Int32Array.from(
    catalog.categories.map((c) =>
      Math.max(
        0,
        catalog.groups.findIndex((g) => g.id === c.group),
      ),
    ),
  );
  const newTally = () => new Tally(catalog, groupOf);
  const { towns, schools, plan, covered, streets } = planCity(seed, total);
  const blockOfEdge = new Map(covered.map((p) => [p.edge.index, towns.locate(p.edge.mid[0], p.edge.mid[1])] as const));
  const writers = Object.fromEntries(
    RELEASE_TABLES.map((t) => [t, new NdjsonWriter(join(dir, `${t}.ndjson.gz`))]),
  ) as Record<ReleaseTable, NdjsonWriter>;
  const truth = new NdjsonWriter(groundTruthPathFor(dir));
  const counters = new ReleaseCounters();
  const picker = new SceneCategoryPicker(catalog);
  const rngs = {
    scene: rng('scene'),
    categories: rng('categories'),
    text: rng('text'),
    sides: rng('sides'),
    machine: rng('machine'),
  };
  const edgeTally = new Map<number, Tally>();
  const streetTally = new Map<number, Tally>();
  const blockTally = new Map<number, Tally>();
  const wardTally = new Map<string, Tally>();
  const bump = <K>(map: Map<K, Tally>, key: K) => {
    const found = map.get(key);
    if (found) return found;
    const made = newTally();
    map.set(key, made);
    return made;
  };
  const amenityStats = new Map<AmenityRow['kind'], { years: Set<number>; rows: number }>();
  let n = 0;
  for (const edgePlan of plan.edges) {
    const streetId = streets.idOf(edgePlan);
    for (const pass of edgePlan.passes) {
      for (let i = 0; i < pass.count + pass.quarantined; i++) {
        const facts = buildScene(rngs.scene, { n, plan: edgePlan, pass, i, streetId, towns });
        const row = facts.row;
        const work = workScene({ row, plan: edgePlan, pass, catalog, picker, rngs });
        await writers.scenes.write(row);
        for (const v of work.verbalizations) await writers.verbalizations.write(v.row);
        if (rngs.machine.chance(0.9)) {
          const machine = buildMachineFeatures(
            rngs.machine,
            row,
            work.categories.map((c) => catalog.categories[c]?.id ?? ''),
          );
          counters.addMachine(row, machine);
          await writers.machine_features.write(machine);
        }
        for (const a of work.amenities) {
          await writers.amenities.write(a);
          const stats = amenityStats.get(a.kind) ?? { years: new Set<number>(), rows: 0 };
          stats.years.add(a.capture_year);
          stats.rows += 1;
          amenityStats.set(a.kind, stats);
        }
        await truth.write(work.groundTruth);
        counters.addScene(
          row,
          work.verbalizations.map((v) => v.row),
        );
        if (!row.quarantined) {
          if (edgePlan.covered) bump(edgeTally, edgePlan.edge.index).add(work.tally);
          if (edgePlan.covered && streetId !== null) bump(streetTally, streetId).add(work.tally);
          if (facts.block) bump(blockTally, facts.block.index).add(work.tally);
          if (row.ward) bump(wardTally, row.ward).add(work.tally);
        }
        n += 1;
        if (n % 1000 === 0) options.onProgress?.(n, total);
      }
    }
  }
  if (n % 1000 !== 0) options.onProgress?.(n, total);
  const yearsOf = (p: EdgePlan) =>
    [...(edgeTally.get(p.edge.index)?.years.keys() ?? [])]
      .filter((y) => y !== 'unknown')
      .map(Number)
      .sort((a, b) => a - b);
  const changes = buildChanges(rng('changes'), seed, covered, yearsOf, Math.max(60, Math.round(total / 40)));
  const input: LayerInput = {
    catalog,
    newTally,
    edgeTally,
    streetTally,
    blockTally,
    wardTally,
    blockOfEdge: blockOfEdge as LayerInput['blockOfEdge'],
    changes,
  };
  for (const spec of GENERATIONS)
    await writers.generations.write(generationRow(spec, counters.generations.get(spec.id) ?? emptyTally()));
  const layerCounts = await writeLayers(writers, input, streets, covered, towns.blocks);
  for (const c of changes) await writers.changes.write(c.row);
  for (const s of schools) await writers.schools.write(s);
  await Promise.all([...Object.values(writers).map((w) => w.close()), truth.close()]);
  const rowCounts = Object.fromEntries(RELEASE_TABLES.map((t) => [t, writers[t].rows])) as Record<ReleaseTable, number>;
  const manifest = buildManifest({
    releaseId,
    counters,
    rowCounts,
    supportedChanges: changes.filter((c) => c.row.status === 'supported').length,
    schools: schools.length,
    amenities: [...amenityStats.entries()].map(([kind, a]) => ({ kind, years: [...a.years], rows: a.rows })),
    layers: layerCounts,
  });
  await writeFile(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return { releaseId, dir, groundTruthPath: groundTruthPathFor(dir), rowCounts };
}
