import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadCategories } from '../../../core/demo/categories.ts';
import { CHANGE_CATEGORIES } from '../../../core/demo/changes.ts';
import { loadDemo } from './demo-fixture.ts';

const demo = await loadDemo();
const { rows, manifest } = demo;
const REQUIRED_KEYS = [
  'image_file',
  'capture_meta',
  'road_context',
  'road_structure',
  'geometry',
  'pavement',
  'markings_wear',
  'infrastructure',
  'mobility',
  'accessibility',
];

function parses(text: string): Record<string, unknown> | null {
  try {
    const v = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? v : null;
  } catch {
    return null;
  }
}

describe('awkward cases on purpose', () => {
  it('quarantines scenes with epoch-anomaly capture times', () => {
    const q = rows.scenes.filter((s) => s.quarantined);
    expect(q.length).toBe(manifest.counts.quarantined_total);
    expect(q.length).toBeGreaterThanOrEqual(4);
    for (const s of q) {
      expect(s.capture_time_quality).toBe('epoch_anomaly');
      expect(s.capture_year).toBeNull();
      expect(Math.abs(s.captured_at_ms as number)).toBeLessThan(86_400_000);
    }
  });

  it('has invalid analyses that do not parse or lack required keys, and valid ones that have them all', () => {
    const invalid = rows.verbalizations.filter((v) => v.analysis_status === 'invalid');
    expect(invalid.length).toBeGreaterThan(5);
    const broken = invalid.map((v) => parses(v.analysis_json));
    expect(broken.some((b) => b === null)).toBe(true);
    expect(broken.some((b) => b !== null)).toBe(true);
    for (const b of broken) if (b) expect(REQUIRED_KEYS.every((k) => k in b)).toBe(false);
    for (const v of rows.verbalizations.filter((x) => x.analysis_status === 'ok').slice(0, 300)) {
      const a = parses(v.analysis_json);
      expect(a && REQUIRED_KEYS.every((k) => k in a)).toBe(true);
    }
  });

  it('leaves some scenes without a verbalization for each quality policy', () => {
    const by = new Map<string, Set<string>>();
    for (const v of rows.verbalizations) by.set(v.scene_id, (by.get(v.scene_id) ?? new Set()).add(v.status));
    const served = rows.scenes.filter((s) => !s.quarantined).map((s) => by.get(s.id) ?? new Set<string>());
    expect(served.some((st) => !st.has('released') && st.has('experimental'))).toBe(true);
    expect(served.some((st) => st.has('released') && !st.has('experimental'))).toBe(true);
    expect(served.some((st) => st.size === 0)).toBe(true);
    expect(served.some((st) => st.has('deprecated'))).toBe(true);
  });

  it('lacks machine features for some scenes', () => {
    const withMachine = new Set(rows.machine_features.map((m) => m.node_id));
    expect(withMachine.size).toBe(manifest.counts.machine_feature_rows);
    expect(rows.scenes.some((s) => !withMachine.has(s.id))).toBe(true);
  });

  it('has changes of every category and status, with long and short evidence', () => {
    const pairs = new Set(rows.changes.map((c) => `${c.category}|${c.status}`));
    for (const cat of CHANGE_CATEGORIES) {
      for (const st of ['supported', 'refuted', 'unverifiable', 'withdrawn'])
        expect(pairs.has(`${cat}|${st}`), `${cat} ${st}`).toBe(true);
    }
    expect(rows.changes.some((c) => (c.evidence?.length ?? 0) > 200)).toBe(true);
    expect(rows.changes.some((c) => c.evidence !== null && c.evidence.length < 60)).toBe(true);
    expect(manifest.counts.changes_total).toBe(rows.changes.filter((c) => c.status === 'supported').length);
    expect(new Set(rows.changes.map((c) => c.change_id)).size).toBe(rows.changes.length);
  });

  it('has amenities of all three kinds at real capture points', () => {
    const scenes = new Map(rows.scenes.map((s) => [s.id, s]));
    expect(new Set(rows.amenities.map((a) => a.kind))).toEqual(new Set(['vending_machine', 'toilet', 'bench']));
    for (const a of rows.amenities) {
      const s = scenes.get(a.scene_id);
      expect(s && !s.quarantined && s.lat === a.lat && s.capture_year === a.capture_year).toBe(true);
    }
  });

  it('has schools with full-width and half-width names', () => {
    const names = rows.schools.map((s) => s.name);
    expect(names).toContain('第一小学校');
    expect(names.some((n) => /[\uff61-\uff9f]/.test(n))).toBe(true);
    expect(names.some((n) => /[\uff10-\uff5a]/.test(n))).toBe(true);
    expect(names.some((n) => n.includes('\u3000'))).toBe(true);
  });

  it('writes the ground truth beside the release folder, one line per scene', async () => {
    expect(demo.groundTruthPath).toBe(`${demo.dir}.ground-truth.ndjson.gz`);
    const ids = new Set(loadCategories().categories.map((c) => c.id));
    const lines = createInterface({ input: createReadStream(demo.groundTruthPath).pipe(createGunzip()) });
    let n = 0;
    for await (const line of lines) {
      const truth = JSON.parse(line) as { scene_id: string; categories: string[] };
      expect(truth.scene_id).toBe(rows.scenes[n]?.id);
      for (const c of truth.categories) expect(ids.has(c)).toBe(true);
      n += 1;
    }
    expect(n).toBe(rows.scenes.length);
  });
});
