// The scene rows of the geo bench: nearby at three radii and two limits (with rbush beside them), the "more than
// 8 000 in the circle?" question on its own, and nearby under a selective filter. The filters read tree-ordered
// columns by position, as the server's do: the candidates of one query then sit together in memory.
import type { NearestResult } from '../../../core/geo/point-index.ts';
import { findNearbyScenes, SCENE_CANDIDATE_CAP } from '../../../core/geo/scene-index.ts';
import { bruteNearest, bruteWithin } from './brute-force.ts';
import type { GeoIndexes } from './indexes.ts';
import { type MeasuredRows, type RowTimer, sameList } from './rows.ts';
import type { City } from './synthetic-city.ts';

const hitCount = (r: NearestResult) => r.hits.length;

export function measureSceneRows(city: City, indexes: GeoIndexes, timer: RowTimer): MeasuredRows {
  const { scenes, compareTies, rbushNearby } = indexes;
  const { queries } = timer;
  const measured: MeasuredRows = { rows: [], postgisJobs: [] };
  const points = city.lats.length;
  const accept = (i: number) => city.hasVerbalization[i] === 1;
  const verbalizedByPosition = scenes.gatherByPosition(city.hasVerbalization, new Uint8Array(points));
  const acceptByPosition = (_index: number, position: number) => verbalizedByPosition[position] === 1;

  for (const radiusM of [150, 500, 1000]) {
    for (const limit of [10, 50]) {
      const options = { radiusM, limit, accept };
      const row = timer.compare(
        `nearby r=${radiusM} top-${limit}`,
        radiusM === 1000 && limit === 50 ? 'p50 ≤ 30, p99 ≤ 60' : '',
        (lat, lon) => findNearbyScenes(scenes, { lat, lon, radiusM, limit, accept: acceptByPosition }),
        (lat, lon) =>
          bruteNearest(city.lats, city.lons, lat, lon, { ...options, compareTies, candidateCap: SCENE_CANDIDATE_CAP }),
        hitCount,
      );
      if (row.index.n === 0) continue;
      const truncated = queries.filter(
        ([lat, lon]) => findNearbyScenes(scenes, { lat, lon, ...options }).candidateTruncated,
      ).length;
      row.note = `${((100 * truncated) / queries.length).toFixed(0)}% truncated`;
      measured.postgisJobs.push({
        row,
        run: (db, lat, lon) => db.nearby(lat, lon, radiusM, limit),
        same: async (db, lat, lon) =>
          sameList(
            await db.nearby(lat, lon, radiusM, limit),
            findNearbyScenes(scenes, { lat, lon, radiusM, limit, accept: acceptByPosition }).hits.map(
              (hit) => hit.index,
            ),
          ),
      });
      if (rbushNearby) {
        row.rbush = timer.time(
          `${row.query} (rbush)`,
          queries.slice(0, 300),
          (lat, lon) => rbushNearby(lat, lon, radiusM, limit, accept),
          200,
        );
      }
      measured.rows.push(row);
    }
  }

  // The candidate_truncated question on its own: most of the nearby tail when the limit is reached inside the circle.
  for (const radiusM of [500, 1000]) {
    const row = timer.compare(
      `more than 8 000 within r=${radiusM}`,
      '',
      (lat, lon) => scenes.hasMoreThan(lat, lon, radiusM, SCENE_CANDIDATE_CAP),
      (lat, lon) => bruteWithin(city.lats, city.lons, lat, lon, radiusM).length > SCENE_CANDIDATE_CAP,
      (more) => (more ? 1 : 0),
    );
    if (row.index.n > 0) measured.rows.push(row);
  }

  const acceptRecent = (i: number) => (city.years[i] ?? 0) >= 2025;
  const recentByPosition = scenes.gatherByPosition(
    Uint8Array.from({ length: points }, (_, i) => (acceptRecent(i) ? 1 : 0)),
    new Uint8Array(points),
  );
  measured.rows.push(
    timer.compare(
      'nearby r=1000 top-50, year ≥ 2025 filter',
      '(selective filter)',
      (lat, lon) =>
        findNearbyScenes(scenes, {
          lat,
          lon,
          radiusM: 1000,
          limit: 50,
          accept: (_i, position) => recentByPosition[position] === 1,
        }),
      (lat, lon) =>
        bruteNearest(city.lats, city.lons, lat, lon, {
          radiusM: 1000,
          limit: 50,
          accept: acceptRecent,
          compareTies,
          candidateCap: SCENE_CANDIDATE_CAP,
        }),
      hitCount,
    ),
  );
  return measured;
}
