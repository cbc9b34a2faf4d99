// The coverage row of the geo bench: scenes counted by capture year within 500 m, the way the service counts (year
// slots arranged by tree position once, then tight loops over runs), with the naive way beside it in the note (a
// visitor per scene reading the caller's column at random).
import {
  countSceneCandidatesByKey,
  forEachSceneCandidate,
  SCENE_CANDIDATE_CAP,
} from '../../../core/geo/scene-index.ts';
import { bruteNearest } from './brute-force.ts';
import type { GeoIndexes } from './indexes.ts';
import type { MeasuredRows, PostgisJob, RowTimer } from './rows.ts';
import type { City } from './synthetic-city.ts';

/** Slot 0 counts unknown years, slot k the year 1990 + k - 1. */
const YEAR_SLOTS = 40;

export function measureCoverageRow(city: City, indexes: GeoIndexes, timer: RowTimer): MeasuredRows {
  const { scenes, compareTies, rbushNearby } = indexes;
  const points = city.lats.length;
  const yearSlot = (i: number) => {
    const year = city.years[i] ?? null;
    return year === null ? 0 : year - 1989;
  };
  const slotByPosition = scenes.gatherByPosition(
    Uint8Array.from({ length: points }, (_, i) => yearSlot(i)),
    new Uint8Array(points),
  );
  const countByYear = (lat: number, lon: number) => {
    const byYear = new Uint32Array(YEAR_SLOTS);
    countSceneCandidatesByKey(scenes, { lat, lon, radiusM: 500 }, slotByPosition, byYear);
    return byYear;
  };
  const countByYearPerScene = (lat: number, lon: number) => {
    const byYear = new Uint32Array(YEAR_SLOTS);
    forEachSceneCandidate(scenes, { lat, lon, radiusM: 500 }, (i) => {
      const slot = yearSlot(i);
      byYear[slot] = (byYear[slot] as number) + 1;
    });
    return byYear;
  };

  const perScene = timer.time('per-scene visitor: coverage r=500', timer.queries, (lat, lon) => {
    return countByYearPerScene(lat, lon)[YEAR_SLOTS - 1] as number;
  });
  const row = timer.compare(
    'coverage: count by year r=500',
    '≤ 100',
    countByYear,
    (lat, lon) => {
      const kept = bruteNearest(city.lats, city.lons, lat, lon, {
        radiusM: 500,
        limit: SCENE_CANDIDATE_CAP,
        compareTies,
        candidateCap: SCENE_CANDIDATE_CAP,
      }).hits;
      const byYear = new Uint32Array(YEAR_SLOTS);
      for (const hit of kept) {
        const slot = yearSlot(hit.index);
        byYear[slot] = (byYear[slot] as number) + 1;
      }
      return byYear;
    },
    (byYear) => byYear[YEAR_SLOTS - 1] as number,
  );
  if (perScene.n > 0) row.note = `per-scene visitor: p50 ${perScene.p50.toFixed(1)}, p99 ${perScene.p99.toFixed(1)}`;
  const postgisJob: PostgisJob = {
    row,
    run: (db, lat, lon) => db.countByYear(lat, lon, 500),
    // PostGIS counts every scene in the circle; the index only the 8 000 nearest when more exist (the document's cap).
    same: async (db, lat, lon) => {
      const byYear = new Uint32Array(YEAR_SLOTS);
      const { candidateTruncated } = countSceneCandidatesByKey(
        scenes,
        { lat, lon, radiusM: 500 },
        slotByPosition,
        byYear,
      );
      if (candidateTruncated) return null;
      const fromPostgis = new Uint32Array(YEAR_SLOTS);
      for (const [year, n] of await db.countByYear(lat, lon, 500)) fromPostgis[year === null ? 0 : year - 1989] = n;
      return byYear.every((n, slot) => n === fromPostgis[slot]);
    },
  };
  if (rbushNearby) {
    row.rbush = timer.time(
      `${row.query} (rbush)`,
      timer.queries.slice(0, 300),
      (lat, lon) => rbushNearby(lat, lon, 500, SCENE_CANDIDATE_CAP, () => true),
      200,
    );
  }
  return { rows: [row], postgisJobs: [postgisJob] };
}
