import { describe, expect, it } from 'vitest';
import { karteView, newestFirst, servesKarte } from '../../../core/layer/karte.ts';
import type { CoverageGrade, KarteProvenance, KarteVersion } from '../../../core/release/types.ts';

// The karte rules shared by streets and areas: grade D has numbers only, versions newest first, text on request.

type Karte = { character: string };
const provenance: KarteProvenance = { model: 'm', prompt: 'p', generated_at: '2026-10-28T00:00:00Z', note: 'n' };

function version(tag: string, generated_at: string): KarteVersion<Karte> {
  return { tag, model: 'm', prompt: 'p', generated_at, karte: { character: tag } };
}

function source(grade: CoverageGrade, karte: Karte | null, versions: KarteVersion<Karte>[]) {
  return { coverage_grade: grade, karte, karte_provenance: provenance, karte_versions: versions };
}

const versions = [version('v1', '2025-03-01T00:00:00Z'), version('v2', '2026-10-28T00:00:00Z')];

describe('karteView', () => {
  it.each(['A', 'B', 'C'] as const)('grade %s serves its karte, provenance and versions', (grade) => {
    const view = karteView(source(grade, { character: 'v2' }, versions), false);
    expect(view).toMatchObject({ has_karte: true, karte: { character: 'v2' }, karte_provenance: provenance });
    expect(view.karte_versions.map((v) => v.tag)).toEqual(['v2', 'v1']);
  });

  it('grade D withholds karte, provenance and versions even when the layer carries them', () => {
    const view = karteView(source('D', { character: 'x' }, versions), true);
    expect(view).toEqual({ has_karte: false, karte: null, karte_provenance: null, karte_versions: [] });
  });

  it('a graded place without a karte has no provenance either', () => {
    const view = karteView(source('B', null, []), false);
    expect(view).toEqual({ has_karte: false, karte: null, karte_provenance: null, karte_versions: [] });
  });

  it.each([
    [false, [undefined, undefined]],
    [true, [{ character: 'v2' }, { character: 'v1' }]],
  ])('with version text %s the versions carry %j', (withText, kartes) => {
    const view = karteView(source('A', { character: 'v2' }, versions), withText);
    expect(view.karte_versions.map((v) => v.karte)).toEqual(kartes);
    for (const v of view.karte_versions)
      expect(Object.keys(v).sort()).toEqual(
        ['generated_at', 'model', 'prompt', 'tag', ...(withText ? ['karte'] : [])].sort(),
      );
  });
});

describe('newestFirst', () => {
  it('orders by generated_at descending and keeps the layer order for equal or unreadable times', () => {
    const list = [
      version('a', '2020-01-01T00:00:00Z'),
      version('b', 'not a date'),
      version('c', '2024-01-01T00:00:00Z'),
      version('d', '2020-01-01T00:00:00Z'),
    ];
    expect(newestFirst(list).map((v) => v.tag)).toEqual(['c', 'a', 'd', 'b']);
  });
});

describe('servesKarte', () => {
  it.each([
    ['A', true, true],
    ['C', true, true],
    ['D', true, false],
    ['B', false, false],
  ] as const)('grade %s with a karte in the layer %s: has_karte %s', (coverage_grade, has_karte, expected) => {
    expect(servesKarte({ coverage_grade, has_karte })).toBe(expected);
  });
});
