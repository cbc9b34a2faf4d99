import { describe, expect, it } from 'vitest';
import { type ChangeLayer, type ChangesQuery, findNearbyChanges } from '../../../core/changes/nearby.ts';

import { PointIndex } from '../../../core/geo/point-index.ts';
import type { ChangeCategory, ChangeStatus } from '../../../core/release/types.ts';
import type { ChangeLight } from '../../../core/store/index.ts';

// The search on a hand-made layer. Rows are in change_id order (as the store loads them), so the index breaks exact
// distance ties by change_id; the document wants year_b descending first, which the search must restore even when the
// limit cuts through a tie.

const lat0 = 35;
const lon0 = 135;
const northM = (metres: number) => lat0 + metres / 111_195; // about 1 m of latitude per 1/111195 degree

function change(
  id: string,
  metres: number,
  year_b: number,
  extra: Partial<{ status: ChangeStatus; category: ChangeCategory; year_a: number }> = {},
): ChangeLight {
  return {
    change_id: `chg_${id.padStart(12, '0')}`,
    group_id: 1,
    lat: northM(metres),
    lon: lon0,
    year_a: extra.year_a ?? 2010,
    year_b,
    category: extra.category ?? '設備',
    subject: 's',
    evidence: null,
    evidence_truncated: false,
    segment_priority_score: null,
    status: extra.status ?? 'supported',
  };
}

function layerOf(rows: ChangeLight[]): ChangeLayer {
  const sorted = [...rows].sort((a, b) => (a.change_id < b.change_id ? -1 : 1));
  return {
    rows: sorted,
    index: PointIndex.build(
      sorted.map((row) => row.lat),
      sorted.map((row) => row.lon),
    ),
  };
}

const query = (extra: Partial<ChangesQuery> = {}): ChangesQuery => ({
  lat: lat0,
  lon: lon0,
  radiusM: 500,
  limit: 20,
  category: null,
  status: 'supported',
  yearFrom: null,
  yearTo: null,
  ...extra,
});

const ids = (result: ReturnType<typeof findNearbyChanges>) => result.hits.map((hit) => hit.row.change_id.slice(-1));

describe('findNearbyChanges order', () => {
  // Four changes of one road group (same centre, 100 m north), one nearer and one farther.
  const layer = layerOf([
    change('a', 100, 2010),
    change('b', 100, 2020),
    change('c', 100, 2015),
    change('d', 100, 2020),
    change('e', 50, 2001),
    change('f', 300, 2024),
  ]);

  it('distance ascending, then year_b descending, then change_id ascending', () => {
    expect(ids(findNearbyChanges(layer, query()))).toEqual(['e', 'b', 'd', 'c', 'a', 'f']);
  });

  it.each([
    [1, ['e']],
    [2, ['e', 'b']],
    [3, ['e', 'b', 'd']],
    [4, ['e', 'b', 'd', 'c']],
    [5, ['e', 'b', 'd', 'c', 'a']],
  ])('limit %i cuts the full order (ties at the cut chosen by year_b, not by row)', (limit, expected) => {
    expect(ids(findNearbyChanges(layer, query({ limit })))).toEqual(expected);
  });

  it('the radius is inclusive and exact', () => {
    expect(ids(findNearbyChanges(layer, query({ radiusM: 99 })))).toEqual(['e']);
    expect(ids(findNearbyChanges(layer, query({ radiusM: 299 })))).toEqual(['e', 'b', 'd', 'c', 'a']);
  });

  it('distances are unrounded metres', () => {
    const [first] = findNearbyChanges(layer, query()).hits;
    expect(first?.distanceM).toBeCloseTo(50, 0);
  });
});

describe('findNearbyChanges filters', () => {
  const layer = layerOf([
    change('1', 10, 2020, { status: 'refuted' }),
    change('2', 20, 2020, { status: 'supported', category: '建物', year_a: 2012 }),
    change('3', 30, 2018, { status: 'supported', category: '植栽', year_a: 2008 }),
    change('4', 40, 2024, { status: 'withdrawn', category: '植栽' }),
    change('5', 50, 2016, { status: 'supported', category: '植栽', year_a: 2015 }),
  ]);

  it.each([
    [{}, ['2', '3', '5']],
    [{ status: 'refuted' as const }, ['1']],
    [{ status: 'withdrawn' as const }, ['4']],
    [{ status: 'unverifiable' as const }, []],
    [{ category: '植栽' as const }, ['3', '5']],
    [{ category: '植栽' as const, status: 'withdrawn' as const }, ['4']],
    [{ yearFrom: 2010 }, ['2', '5']],
    [{ yearTo: 2018 }, ['3', '5']],
    [{ yearFrom: 2009, yearTo: 2018 }, ['5']],
    [{ yearFrom: 2012, yearTo: 2020 }, ['2', '5']],
  ])('%j', (extra, expected) => {
    expect(ids(findNearbyChanges(layer, query(extra)))).toEqual(expected);
  });
});

describe('findNearbyChanges candidate limit', () => {
  const rows = [1, 2, 3, 4, 5].map((n) =>
    change(String(n), n * 10, 2020, { status: n <= 3 ? 'refuted' : 'supported' }),
  );
  const layer = layerOf(rows);

  it('filters apply after the cap: rejected candidates use up places and the rest is dropped', () => {
    const result = findNearbyChanges(layer, query(), 3);
    expect(result).toEqual({ hits: [], candidateTruncated: true });
  });

  it('a cap above the candidates truncates nothing', () => {
    const result = findNearbyChanges(layer, query(), 5);
    expect(ids(result)).toEqual(['4', '5']);
    expect(result.candidateTruncated).toBe(false);
  });

  it('stopping at the limit still reports that more candidates than the cap exist', () => {
    const all = layerOf(rows.map((row) => ({ ...row, status: 'supported' as const })));
    expect(findNearbyChanges(all, query({ limit: 1 }), 3)).toMatchObject({ candidateTruncated: true });
    expect(findNearbyChanges(all, query({ limit: 1 }), 5)).toMatchObject({ candidateTruncated: false });
  });

  it('an empty layer answers empty', () => {
    expect(findNearbyChanges(layerOf([]), query())).toEqual({ hits: [], candidateTruncated: false });
  });
});
