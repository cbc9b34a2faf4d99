/**
 * Reads a release folder into search observations: the released verbalization of the highest generation version per
 * scene, joined with its scene row, and the scene's other released verbalizations as `others` (stated-elsewhere.ts). Quarantined scenes are left out (search never returns them); an invalid analysis
 * becomes null. Used by the evaluation and benchmarks; the server may build the same input from its store.
 *
 * Rows are read without schema validation (ingest validates releases; this reader only needs a few columns and must
 * stay fast on a million rows).
 */
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import type { GenerationRow, SceneRow, VerbalizationRow } from '../release/types.ts';
import type { CorpusObservation } from './corpus.ts';

async function* readRows<T>(dir: string, file: string): AsyncGenerator<T> {
  const raw = createReadStream(join(dir, file));
  const input = file.endsWith('.gz') ? raw.pipe(createGunzip()) : raw;
  for await (const line of createInterface({ input, crlfDelay: Infinity }))
    if (line.trim()) yield JSON.parse(line) as T;
}

function parseAnalysis(row: VerbalizationRow): Record<string, unknown> | null {
  if (row.analysis_status !== 'ok') return null;
  try {
    const value = JSON.parse(row.analysis_json) as unknown;
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export async function readReleaseCorpus(
  dir: string,
): Promise<{ releaseId: string; observations: CorpusObservation[] }> {
  const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as {
    release_id: string;
    files: Record<string, string>;
  };
  const file = (table: string) => manifest.files[table] ?? `${table}.ndjson.gz`;
  const versions = new Map<string, number>();
  for await (const g of readRows<GenerationRow>(dir, file('generations'))) versions.set(g.id, g.version);
  const scenes = new Map<string, SceneRow>();
  for await (const s of readRows<SceneRow>(dir, file('scenes'))) if (!s.quarantined) scenes.set(s.id, s);
  const released = new Map<string, VerbalizationRow[]>();
  for await (const v of readRows<VerbalizationRow>(dir, file('verbalizations'))) {
    if (v.status !== 'released' || !scenes.has(v.scene_id)) continue;
    const rows = released.get(v.scene_id);
    if (rows) rows.push(v);
    else released.set(v.scene_id, [v]);
  }
  const versionOf = (v: VerbalizationRow) => versions.get(v.generation_id) ?? 0;
  const observations: CorpusObservation[] = [];
  for (const [id, scene] of scenes) {
    const rows = released.get(id);
    if (!rows) continue;
    const v = rows.reduce((best, row) => (versionOf(row) > versionOf(best) ? row : best));
    const others = rows
      .filter((row) => row !== v)
      .map((row) => ({ summary: row.summary, analysis: parseAnalysis(row) }));
    observations.push({
      scene_id: id,
      lat: scene.lat,
      lon: scene.lon,
      ward: scene.ward,
      capture_year: scene.capture_year,
      generation: { id: v.generation_id, version: versions.get(v.generation_id) ?? null },
      title: v.title,
      summary: v.summary,
      analysis: parseAnalysis(v),
      scene: {
        is_pano: scene.is_pano,
        camera_type: scene.camera_type,
        position_source: scene.position_source,
        observation_model: v.model,
        prompt_version: v.prompt_version,
        generated_at: v.generated_at,
      },
      ...(others.length > 0 ? { others } : {}),
    });
  }
  return { releaseId: manifest.release_id, observations };
}
