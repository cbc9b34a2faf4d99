import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadCategories } from '../../../core/demo/categories.ts';
import { phrasingsOf } from '../../../core/demo/phrasings.ts';
import { DEMO_SCENES, loadDemo } from './demo-fixture.ts';

const demo = await loadDemo();
const { rows, manifest } = demo;

describe('demo release rows', () => {
  it('validates every row and matches the manifest row counts', () => {
    for (const [table, count] of Object.entries(manifest.row_counts)) {
      expect(rows[table as keyof typeof rows].length, table).toBe(count);
    }
    expect(rows.scenes.length).toBe(DEMO_SCENES);
    expect(manifest.release_id).toBe('demo-synthetic-s11-n2000');
  });

  it('keeps scene ids as digit strings of 15-20 digits, many above 2^53, all unique', () => {
    const ids = rows.scenes.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[1-9][0-9]{14,19}$/);
    const above = ids.filter((id) => BigInt(id) > 2n ** 53n);
    expect(above.length).toBeGreaterThan(ids.length / 3);
    expect(ids.some((id) => id.length === 15)).toBe(true);
    expect(ids.some((id) => id.length === 20)).toBe(true);
  });

  it('publishes only edges with at least 15 non-quarantined scenes, and their scene count is true', () => {
    const perEdge = new Map<string, number>();
    for (const s of rows.scenes)
      if (s.edge_id && !s.quarantined) perEdge.set(s.edge_id, (perEdge.get(s.edge_id) ?? 0) + 1);
    expect(rows.edges.length).toBeGreaterThan(50);
    for (const e of rows.edges) {
      expect(e.n_scenes).toBeGreaterThanOrEqual(15);
      expect(perEdge.get(e.edge_id)).toBe(e.n_scenes);
    }
    const edgeIds = new Set(rows.edges.map((e) => e.edge_id));
    for (const id of perEdge.keys()) expect(edgeIds.has(id)).toBe(true);
  });

  it('has named streets of every kind (通, 筋, 坂, 道) and unnamed edges', () => {
    const names = new Set(rows.streets.map((s) => s.name));
    for (const suffix of ['通', '筋', '坂', '道'])
      expect(
        [...names].some((n) => n.endsWith(suffix)),
        suffix,
      ).toBe(true);
    expect(rows.edges.some((e) => e.street_id === null && e.name === null)).toBe(true);
    const streetIds = new Set(rows.streets.map((s) => s.street_id));
    for (const e of rows.edges) if (e.street_id !== null) expect(streetIds.has(e.street_id)).toBe(true);
  });

  it('tiles the city with town blocks of 9-12 digit keys in at least 6 wards plus hills and islands', () => {
    const keys = rows.areas.map((a) => a.town_key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.some((k) => k.length === 9) && keys.some((k) => k.length === 11)).toBe(true);
    const kinds = new Map(manifest.wards.map((w) => [w.label, w.kind]));
    expect([...kinds.values()].filter((k) => k === 'ward').length).toBeGreaterThanOrEqual(6);
    const wardsWithScenes = new Set(rows.scenes.map((s) => s.ward));
    for (const label of kinds.keys()) expect(wardsWithScenes.has(label), label).toBe(true);
    for (const s of rows.scenes.filter((x) => x.town_key)) expect(keys).toContain(s.town_key);
  });

  it('expresses every scenery category in some verbalization text, in its own phrasings', () => {
    const text = rows.verbalizations.map((v) => `${v.summary}\n${v.analysis_json}`).join('\n');
    const missing = loadCategories()
      .categories.filter((c) => !phrasingsOf(c.id).present.some((clause) => text.includes(clause)))
      .map((c) => c.id);
    expect(missing).toEqual([]);
  });

  it('never writes a sentence from the catalogue: no evidence phrase of the search appears in any text', () => {
    const text = rows.verbalizations.map((v) => `${v.summary}\n${v.analysis_json}`).join('\n');
    const copied = loadCategories().categories.flatMap((c) =>
      c.evidence.filter((phrase) => text.includes(phrase)).map((p) => `${c.id}: ${p}`),
    );
    expect(copied).toEqual([]);
  });

  it('writes exactly two generations, gen2 the default, in Japanese', () => {
    expect(rows.generations.map((g) => [g.id.split('-')[0], g.version])).toEqual([
      ['gen1', 1],
      ['gen2', 2],
    ]);
    expect(manifest.default_generation).toMatch(/^gen2-/);
    const gens = new Set(rows.verbalizations.map((v) => v.generation_id));
    expect(gens).toEqual(new Set(rows.generations.map((g) => g.id)));
    for (const v of rows.verbalizations.slice(0, 200)) expect(v.summary).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  });

  it('covers capture years from the 1990s to 2026, panoramas and forward views, raw and computed positions', () => {
    const years = rows.scenes.map((s) => s.capture_year).filter((y): y is number => y !== null);
    expect(Math.min(...years)).toBeLessThan(2000);
    expect(Math.max(...years)).toBe(2026);
    expect(rows.scenes.some((s) => s.capture_year === null && s.capture_time_quality === 'unknown')).toBe(true);
    expect(rows.scenes.some((s) => s.is_pano === true) && rows.scenes.some((s) => s.view_class === '前方視')).toBe(
      true,
    );
    const sources = new Set(rows.scenes.map((s) => s.position_source));
    expect(sources).toEqual(new Set(['mapillary_computed', 'mapillary_raw']));
    const sequences = new Set(rows.scenes.map((s) => s.sequence_id));
    expect(sequences.size).toBeGreaterThan(20);
    expect(sequences.size).toBeLessThan(rows.scenes.length / 3);
  });

  it('freezes counts in the manifest that match the rows, and hashes each verbalization', () => {
    const live = rows.scenes.filter((s) => !s.quarantined);
    const statuses = new Map<string, Set<string>>();
    for (const v of rows.verbalizations)
      statuses.set(v.scene_id, (statuses.get(v.scene_id) ?? new Set()).add(v.status));
    expect(manifest.counts.processed_total).toBe(rows.scenes.length);
    expect(manifest.counts.served_total).toBe(live.filter((s) => statuses.has(s.id)).length);
    expect(manifest.counts.released_total).toBe(live.filter((s) => statuses.get(s.id)?.has('released')).length);
    expect(manifest.counts.experimental_total).toBe(live.filter((s) => statuses.get(s.id)?.has('experimental')).length);
    expect(manifest.counts.position_source.mapillary_raw).toBe(
      live.filter((s) => s.position_source === 'mapillary_raw').length,
    );
    expect(manifest.metrics.amenities_total).toBe(rows.amenities.length);
    for (const g of rows.generations) {
      const mine = rows.verbalizations.filter((v) => v.generation_id === g.id);
      expect(g.stats.n_verbalizations).toBe(mine.length);
      expect(g.stats.n_invalid).toBe(mine.filter((v) => v.analysis_status === 'invalid').length);
    }
    for (const v of rows.verbalizations.slice(0, 500)) {
      const sha = createHash('sha256').update(`${v.summary}\n${v.analysis_json}`).digest('hex');
      expect(v.content_sha256).toBe(sha);
    }
  });
});
