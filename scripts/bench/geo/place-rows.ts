// The rows of the geo bench's other indexes: the nearest amenities, the block containing a point and the blocks
// nearby by centre, and the street edges near a point.
import { bruteContaining, bruteLinesNear, bruteNearest } from './brute-force.ts';
import type { GeoIndexes } from './indexes.ts';
import { type MeasuredRows, type PostgisJob, type RowTimer, sameList } from './rows.ts';
import { AMENITIES, type City } from './synthetic-city.ts';

export function measurePlaceRows(city: City, indexes: GeoIndexes, timer: RowTimer): MeasuredRows {
  const { amenities, blocks, lines } = indexes;
  const areaQueries = timer.queries.slice(0, 2000);

  const amenityRow = timer.compare(
    `amenities: nearest 10 r=1000 (${AMENITIES})`,
    '≤ 15',
    (lat, lon) => amenities.nearest(lat, lon, { radiusM: 1000, limit: 10 }),
    (lat, lon) => bruteNearest(city.amenityLats, city.amenityLons, lat, lon, { radiusM: 1000, limit: 10 }),
    (result) => result.hits.length,
  );
  const amenityJob: PostgisJob = {
    row: amenityRow,
    run: (db, lat, lon) => db.nearestAmenities(lat, lon, 1000, 10),
    same: async (db, lat, lon) =>
      sameList(
        await db.nearestAmenities(lat, lon, 1000, 10),
        amenities.nearest(lat, lon, { radiusM: 1000, limit: 10 }).hits.map((hit) => hit.index),
      ),
  };

  const containmentRow = timer.compare(
    `areas/at: containment (${city.blocks.length} blocks)`,
    '≤ 20',
    (lat, lon) => blocks.containing(lat, lon),
    (lat, lon) => bruteContaining(city.blocks, lat, lon)[0] ?? -1,
    (index) => index,
    areaQueries,
  );
  const centers = city.blocks.map((_, i) => blocks.center(i));
  const cLats = centers.map((c) => c.lat);
  const cLons = centers.map((c) => c.lon);
  const blocksNearbyRow = timer.compare(
    'areas/nearby: centres r=800 top-5',
    '',
    (lat, lon) => blocks.nearbyByCenter(lat, lon, { radiusM: 800, limit: 5 }),
    (lat, lon) => bruteNearest(cLats, cLons, lat, lon, { radiusM: 800, limit: 5 }).hits,
    (hits) => hits.length,
    areaQueries,
  );

  const edgesRow = timer.compare(
    `streets/nearby: edges r=60 (${city.edges.length} edges)`,
    '',
    (lat, lon) => lines.near(lat, lon, { radiusM: 60 }),
    (lat, lon) => bruteLinesNear(city.edges, lat, lon, 60),
    (hits) => hits.length,
  );

  return { rows: [amenityRow, containmentRow, blocksNearbyRow, edgesRow], postgisJobs: [amenityJob] };
}
