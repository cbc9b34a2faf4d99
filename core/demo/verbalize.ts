/** Turns a scene's observations into verbalization rows, with statuses and the deliberate broken analyses. */
import { hash } from 'node:crypto';
import type { SceneRow, VerbalizationRow, VerbalizationStatus } from '../release/types.ts';
import { GEN1, GEN2, type GenerationSpec } from './generations.ts';
import { type Observation, type SceneStory, writeObservation } from './observation.ts';
import type { Rng } from './rng.ts';

export interface WrittenVerbalization {
  row: VerbalizationRow;
  spec: GenerationSpec;
  observation: Observation;
  valid: boolean;
}

/** Which generations saw the scene, and with which status. Some scenes end up with nothing for a policy. */
function statuses(rng: Rng, scene: SceneRow): [VerbalizationStatus | null, VerbalizationStatus | null] {
  const t = scene.captured_at_ms;
  const seenByGen1 = (t === null || t < GEN1.capturedBefore) && rng.chance(0.93);
  const gen1 = seenByGen1 ? (rng.chance(0.08) ? 'deprecated' : 'released') : null;
  const recent = scene.capture_year === 2026;
  const gen2 = rng.chance(0.97) ? (rng.chance(recent ? 0.7 : 0.12) ? 'experimental' : 'released') : null;
  return [gen1, gen2];
}

const REQUIRED_DROPS = [
  ['road_structure'],
  ['pavement', 'markings_wear'],
  ['capture_meta'],
  ['mobility', 'accessibility'],
];

/** The ways real model output goes wrong: cut off, wrapped in a code fence, missing keys, or prose. */
function breakAnalysis(rng: Rng, json: string, analysis: Record<string, unknown>): string {
  const mode = rng.int(0, 3);
  if (mode === 0) return json.slice(0, Math.floor(json.length * rng.range(0.3, 0.9)));
  if (mode === 1) return `\`\`\`json\n${json}\n\`\`\``;
  if (mode === 2) {
    const copy = { ...analysis };
    for (const key of rng.pick(REQUIRED_DROPS)) delete copy[key];
    return JSON.stringify(copy);
  }
  return 'この画像について構造化された分析を出力できませんでした。画像が不鮮明です。';
}

function generatedAt(rng: Rng, spec: GenerationSpec): string {
  const ms = spec.ranFrom + Math.floor(rng.next() * (spec.ranTo - spec.ranFrom));
  return `${new Date(Math.floor(ms / 1000) * 1000).toISOString().slice(0, 19)}Z`;
}

export function verbalizeScene(rng: Rng, scene: SceneRow, story: SceneStory): WrittenVerbalization[] {
  const out: WrittenVerbalization[] = [];
  const [s1, s2] = statuses(rng, scene);
  // Two models may see different things, but a later text never denies what an earlier one shows, nor the reverse.
  const said = { shows: new Set<string>(), denies: new Set<string>() };
  for (const [spec, status] of [
    [GEN1, s1],
    [GEN2, s2],
  ] as const) {
    if (!status) continue;
    const observation = writeObservation(rng, { ...story, said }, spec.version);
    for (const s of observation.statements) {
      for (const id of s.shows) said.shows.add(id);
      for (const id of s.denies) said.denies.add(id);
    }
    const json = JSON.stringify(observation.analysis);
    const valid = !rng.chance(0.015);
    const analysisJson = valid ? json : breakAnalysis(rng, json, observation.analysis);
    const content = `${observation.summary}\n${analysisJson}`;
    out.push({
      spec,
      observation,
      valid,
      row: {
        scene_id: scene.id,
        generation_id: spec.id,
        status,
        model: spec.model,
        prompt_version: spec.promptVersion,
        generated_at: generatedAt(rng, spec),
        title: observation.title,
        summary: observation.summary,
        analysis_json: analysisJson,
        analysis_status: valid ? 'ok' : 'invalid',
        content_sha256: hash('sha256', content, 'hex'),
      },
    });
  }
  return out;
}
