import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildSceneIndex,
  compareDigitIds,
  countSceneCandidatesByKey,
  findNearbyScenes,
  forEachSceneCandidate,
  makeSceneTieBreak,
  SCENE_CANDIDATE_CAP,
} from '../../../core/geo/scene-index.ts';
import { bruteNearest } from '../../../scripts/bench/geo/brute-force.ts';
import { destination, pointCloudArb, queryArb, resolveQuery } from './arbitraries.ts';

describe('compareDigitIds', () => {
  it.each([
    ['9', '10', -1],
    ['10', '9', 1],
    ['123', '123', 0],
    ['9007199254740993', '9007199254740992', 1],
    ['99999999999999999999', '100000000000000000000', -1],
    ['123456789012345678', '123456789012345679', -1],
  ])('%s vs %s', (a, b, sign) => {
    expect(Math.sign(compareDigitIds(a, b))).toBe(sign);
  });
});

describe('scene order at equal distance', () => {
  it('puts later capture years first, unknown years last, then smaller ids', () => {
    const years = [2020, null, 2024, 2020, null, 2024];
    const ids = ['300', '20', '100000000000000000001', '1000', '19', '99999999999999999999'];
    const index = buildSceneIndex({
      lats: new Float64Array(6).fill(34.7),
      lons: new Float64Array(6).fill(135.2),
      captureYears: years,
      ids,
    });
    const { hits, candidateTruncated } = findNearbyScenes(index, { lat: 34.7, lon: 135.2, radiusM: 1, limit: 10 });
    expect(hits.map((h) => ids[h.index])).toEqual([
      '99999999999999999999',
      '100000000000000000001',
      '300',
      '1000',
      '19',
      '20',
    ]);
    expect(candidateTruncated).toBe(false);
  });

  it('rejects columns of different lengths with a fix', () => {
    expect(() => buildSceneIndex({ lats: [1], lons: [1], captureYears: [], ids: ['1'] })).toThrow(
      /one value per scene in every column/,
    );
    const rowOf = Int32Array.from([2]);
    expect(() => buildSceneIndex({ lats: [1, 2], lons: [1, 2], captureYears: [1], ids: ['1'], rowOf })).toThrow(
      /one per scene in rowOf/,
    );
    expect(() => buildSceneIndex({ lats: [1], lons: [1], captureYears: [1, 2], ids: ['1', '2'], rowOf })).toThrow(
      /rowOf\[0\] is 2: pass a row of captureYears and ids \(0 to 1\)/,
    );
  });

  it('reads years and ids through rowOf as if given kept-only copies', () => {
    const years = [2020, null, 2024, 2020, null, 2024];
    const ids = ['300', '20', '100000000000000000001', '1000', '19', '99999999999999999999'];
    // Rows of the full columns, a quarantined one (2024, the smallest id) among them, in another order than the points.
    const fullYears = [2024, null, 2020, 2024, 2020, null, 2024];
    const fullIds = ['1', '20', '1000', '99999999999999999999', '300', '19', '100000000000000000001'];
    const rowOf = Int32Array.from([4, 1, 6, 2, 5, 3]);
    const columns = { lats: new Float64Array(6).fill(34.7), lons: new Float64Array(6).fill(135.2) };
    const query = { lat: 34.7, lon: 135.2, radiusM: 1, limit: 10 };
    const viaRows = findNearbyScenes(
      buildSceneIndex({ ...columns, captureYears: fullYears, ids: fullIds, rowOf }),
      query,
    );
    expect(viaRows).toEqual(findNearbyScenes(buildSceneIndex({ ...columns, captureYears: years, ids }), query));
    expect(viaRows.hits.map((h) => ids[h.index])).toEqual([
      '99999999999999999999',
      '100000000000000000001',
      '300',
      '1000',
      '19',
      '20',
    ]);
  });
});

const yearArb = fc.option(fc.constantFrom(1998, 2012, 2019, 2024), { nil: null });
const idArb = fc.bigInt({ min: 10n ** 14n, max: 10n ** 20n - 1n }).map(String);

describe('findNearbyScenes against the brute-force twin', () => {
  it('gives the same scenes in the same order, with filters after the cap', () => {
    const arb = pointCloudArb(250, 2000).chain((cloud) =>
      fc.record({
        cloud: fc.constant(cloud),
        query: queryArb(cloud, 2000),
        years: fc.array(yearArb, { minLength: cloud.lats.length, maxLength: cloud.lats.length }),
        ids: fc.uniqueArray(idArb, { minLength: cloud.lats.length, maxLength: cloud.lats.length }),
      }),
    );
    fc.assert(
      fc.property(arb, ({ cloud, query, years, ids }) => {
        const { lats, lons } = cloud;
        const index = buildSceneIndex({ lats, lons, captureYears: years, ids });
        const { lat, lon, radiusM } = resolveQuery(lats, lons, query);
        const accept = (i: number) => years[i] !== 2012;
        const compareTies = makeSceneTieBreak(years, ids);
        // The same columns spread over more rows (as the light columns hold quarantined scenes too), read via rowOf.
        const rowOf = Int32Array.from(years, (_, i) => 2 * (years.length - 1 - i) + (i % 2));
        const fullYears: (number | null)[] = Array.from({ length: 2 * years.length }, () => 1990);
        const fullIds = Array.from({ length: 2 * ids.length }, () => '1');
        rowOf.forEach((row, i) => {
          fullYears[row] = years[i] as number | null;
          fullIds[row] = ids[i] as string;
        });
        const viaRows = buildSceneIndex({ lats, lons, captureYears: fullYears, ids: fullIds, rowOf });
        const limit = query.limit;
        expect(findNearbyScenes(viaRows, { lat, lon, radiusM, limit, accept })).toEqual(
          findNearbyScenes(index, { lat, lon, radiusM, limit, accept }),
        );
        expect(findNearbyScenes(index, { lat, lon, radiusM, limit, accept })).toEqual(
          bruteNearest(lats, lons, lat, lon, {
            radiusM,
            limit,
            accept,
            compareTies,
            candidateCap: SCENE_CANDIDATE_CAP,
          }),
        );
        const cap = query.candidateCap ?? 5;
        expect(index.nearest(lat, lon, { radiusM, limit, accept, candidateCap: cap })).toEqual(
          bruteNearest(lats, lons, lat, lon, { radiusM, limit, accept, compareTies, candidateCap: cap }),
        );
      }),
      { numRuns: 250 },
    );
  });
});

describe('the 8 000-candidate cap', () => {
  // 9 000 scenes in groups of 150 identical positions every 2 m: ranks 7 951-8 100 tie on distance, so the
  // year/id tie-break decides which of them survive the cap.
  const count = 9000;
  const lats = new Float64Array(count);
  const lons = new Float64Array(count);
  const years: (number | null)[] = [];
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const ring = Math.floor(i / 150);
    const [lat, lon] = destination(34.69, 135.19, 90, 1 + ring * 2);
    lats[i] = lat;
    lons[i] = lon;
    years.push(i % 7 === 0 ? null : 2000 + (i % 5));
    ids.push(String(10n ** 17n + BigInt((i * 7919) % count)));
  }
  const index = buildSceneIndex({ lats, lons, captureYears: years, ids });
  const compareTies = makeSceneTieBreak(years, ids);
  const query = { lat: 34.69, lon: 135.19, radiusM: 500 };
  const brute = (limit: number, accept?: (i: number) => boolean) =>
    bruteNearest(lats, lons, query.lat, query.lon, {
      ...query,
      limit,
      compareTies,
      candidateCap: SCENE_CANDIDATE_CAP,
      ...(accept ? { accept } : {}),
    });

  it('keeps the nearest and flags the truncation', () => {
    const result = findNearbyScenes(index, { ...query, limit: 50 });
    expect(result.candidateTruncated).toBe(true);
    expect(result).toEqual(brute(50));
  });

  it('applies filters only to the kept candidates', () => {
    const kept = brute(SCENE_CANDIDATE_CAP).hits.map((h) => h.index);
    const lastTen = new Set(kept.slice(-10));
    const dropped = [...Array(count).keys()].filter((i) => !kept.includes(i));
    const accept = (i: number) => lastTen.has(i) || dropped.includes(i);
    const result = findNearbyScenes(index, { ...query, limit: 50, accept });
    expect(result.hits.map((h) => h.index)).toEqual(kept.slice(-10));
    expect(result).toEqual(brute(50, accept));
  });

  it('is not truncated at exactly 8 000 candidates', () => {
    const small = buildSceneIndex({
      lats: lats.subarray(0, SCENE_CANDIDATE_CAP),
      lons: lons.subarray(0, SCENE_CANDIDATE_CAP),
      captureYears: years.slice(0, SCENE_CANDIDATE_CAP),
      ids: ids.slice(0, SCENE_CANDIDATE_CAP),
    });
    expect(findNearbyScenes(small, { ...query, limit: 1 }).candidateTruncated).toBe(false);
    expect(forEachSceneCandidate(small, query, () => undefined)).toEqual({
      visited: SCENE_CANDIDATE_CAP,
      candidateTruncated: false,
    });
  });

  it('counts the kept candidates by key, for coverage', () => {
    const slot = (i: number) => (years[i] === null ? 0 : (years[i] as number) - 1999);
    const keys = index.gatherByPosition(
      Array.from({ length: count }, (_, i) => slot(i)),
      new Uint8Array(count),
    );
    for (const radiusM of [10, 60, 500]) {
      const counts = new Uint32Array(8);
      const outcome = countSceneCandidatesByKey(index, { ...query, radiusM }, keys, counts);
      const expected = new Uint32Array(8);
      const kept = bruteNearest(lats, lons, query.lat, query.lon, {
        radiusM,
        limit: count,
        compareTies,
        candidateCap: SCENE_CANDIDATE_CAP,
      });
      for (const hit of kept.hits) expected[slot(hit.index)] = (expected[slot(hit.index)] as number) + 1;
      expect(counts).toEqual(expected);
      expect(outcome).toEqual({ visited: kept.hits.length, candidateTruncated: kept.candidateTruncated });
    }
  });

  it('counts the kept candidates by key from anywhere around the crowd, for coverage', () => {
    // One scan counts the circle, and only a circle past the cap is narrowed: both sides of the cap, from off-centre
    // queries whose circles cut through the groups of tied scenes.
    const slot = (i: number) => (years[i] === null ? 0 : (years[i] as number) - 1999);
    const keys = index.gatherByPosition(
      Array.from({ length: count }, (_, i) => slot(i)),
      new Uint8Array(count),
    );
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 360, noNaN: true }),
        fc.double({ min: 0, max: 120, noNaN: true }),
        fc.double({ min: 0, max: 400, noNaN: true }),
        (bearing, offsetM, radiusM) => {
          const [lat, lon] = destination(query.lat, query.lon, bearing, offsetM);
          const counts = new Uint32Array(8);
          const outcome = countSceneCandidatesByKey(index, { lat, lon, radiusM }, keys, counts);
          const kept = bruteNearest(lats, lons, lat, lon, {
            radiusM,
            limit: count,
            compareTies,
            candidateCap: SCENE_CANDIDATE_CAP,
          });
          const expected = new Uint32Array(8);
          for (const hit of kept.hits) expected[slot(hit.index)] = (expected[slot(hit.index)] as number) + 1;
          expect(counts).toEqual(expected);
          expect(outcome).toEqual({ visited: kept.hits.length, candidateTruncated: kept.candidateTruncated });
        },
      ),
      { numRuns: 40 },
    );
  });

  it('lets coverage visit exactly the kept candidates', () => {
    const visited: number[] = [];
    const outcome = forEachSceneCandidate(index, query, (i) => visited.push(i));
    expect(outcome).toEqual({ visited: SCENE_CANDIDATE_CAP, candidateTruncated: true });
    const byIndex = (a: number, b: number) => a - b;
    expect(visited.sort(byIndex)).toEqual(
      brute(SCENE_CANDIDATE_CAP)
        .hits.map((h) => h.index)
        .sort(byIndex),
    );
    const narrow: number[] = [];
    expect(forEachSceneCandidate(index, { ...query, radiusM: 10 }, (i) => narrow.push(i)).candidateTruncated).toBe(
      false,
    );
    expect(narrow.sort((a, b) => a - b)).toEqual(
      brute(1000)
        .hits.filter((h) => h.distanceM <= 10)
        .map((h) => h.index)
        .sort((a, b) => a - b),
    );
  });
});
