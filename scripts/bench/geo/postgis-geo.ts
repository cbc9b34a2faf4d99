// The in-process geo queries of the geo bench (scripts/bench/geo.ts), asked of PostGIS on the same points: geography
// ST_DWithin (on the sphere, like our haversine) plus KNN `<->`, through `pg` with named (prepared) statements, one
// connection, one query at a time, so a latency is a loopback round trip plus PostgreSQL's work, as a server would
// see it.
import type pg from 'pg';
import { ensureTable, fingerprintOf, pointText } from '../shared/postgis.ts';

export interface GeoPoints {
  seed: number;
  lats: Float64Array;
  lons: Float64Array;
  years: (number | null)[];
  ids: string[];
  hasVerbalization: Uint8Array;
  amenityLats: Float64Array;
  amenityLons: Float64Array;
}

export interface PostgisGeo {
  /** Positions (indexes into the arrays) of the top `limit` verbalized scenes, in the document's order. */
  nearby(lat: number, lon: number, radiusM: number, limit: number): Promise<number[]>;
  /** Scene count per capture year (null = unknown) within the radius. */
  countByYear(lat: number, lon: number, radiusM: number): Promise<Map<number | null, number>>;
  /** Positions of the nearest `limit` amenities within the radius. */
  nearestAmenities(lat: number, lon: number, radiusM: number, limit: number): Promise<number[]>;
}

// The document's order: distance, capture_year descending with unknown years last, id ascending as a number (digit
// strings: shorter first, then lexicographic). `<->` on geography is the sphere distance, as ST_DWithin(…, false).
// The fastest correct form, found with EXPLAIN ANALYZE on the 1 M table: a KNN index scan (`ORDER BY geog <-> point`
// alone; any second sort key or an ST_DWithin in the same query makes the planner fall back to a bitmap scan of the
// whole circle, or a sequential scan, and sort, 100-1000× slower), fetching LIMIT + 10 rows so ties at the last place
// are settled by the outer sort, then ST_DWithin on those few rows.
const NEARBY_SQL = `SELECT i FROM (
    SELECT i, id, capture_year, geog, geog <-> $1::geography AS d FROM geo_scenes
    WHERE has_verbalization ORDER BY geog <-> $1::geography LIMIT $3 + 10) AS nearest
  WHERE ST_DWithin(geog, $1::geography, $2, false)
  ORDER BY d, capture_year DESC NULLS LAST, length(id), id LIMIT $3`;
const COUNT_BY_YEAR_SQL = `SELECT capture_year AS year, count(*)::int AS n FROM geo_scenes
  WHERE ST_DWithin(geog, $1::geography, $2, false) GROUP BY capture_year`;
const AMENITIES_SQL = `SELECT i FROM (
    SELECT i, geog, geog <-> $1::geography AS d FROM geo_amenities ORDER BY geog <-> $1::geography LIMIT $3 + 10
  ) AS nearest
  WHERE ST_DWithin(geog, $1::geography, $2, false) ORDER BY d, i LIMIT $3`;

/** Loads the points once (reused while the fingerprint matches) and returns the three queries. */
export async function preparePostgisGeo(
  client: pg.Client,
  points: GeoPoints,
  progress: (message: string) => void,
): Promise<PostgisGeo> {
  const count = points.lats.length;
  const sample = (step: number) =>
    (function* () {
      for (let i = 0; i < count; i += step) {
        yield points.lats[i] as number;
        yield points.lons[i] as number;
        yield points.ids[i] as string;
        yield points.years[i] ?? null;
      }
    })();
  const fingerprint = `bench-geo seed ${points.seed}, ${count} scenes, sample ${fingerprintOf(sample(97))}`;
  await ensureTable(
    client,
    {
      table: 'geo_scenes',
      fingerprint,
      expectedRows: count,
      source: {
        columns:
          'i integer NOT NULL, id text NOT NULL, capture_year smallint, has_verbalization boolean NOT NULL, geog geography(Point, 4326) NOT NULL',
        rows: function* () {
          for (let i = 0; i < count; i++) {
            const point = pointText(points.lats[i] as number, points.lons[i] as number);
            yield [i, points.ids[i], points.years[i] ?? null, points.hasVerbalization[i] === 1, point];
          }
        },
      },
      // CLUSTER puts neighbours on the same pages, as our tree-ordered arrays do: the fair best case for PostGIS.
      finish: [
        'CREATE INDEX geo_scenes_geog ON geo_scenes USING gist (geog)',
        'CLUSTER geo_scenes USING geo_scenes_geog',
        'ANALYZE geo_scenes',
      ],
    },
    progress,
  );
  const amenityCount = points.amenityLats.length;
  await ensureTable(
    client,
    {
      table: 'geo_amenities',
      fingerprint: `${fingerprint}, ${amenityCount} amenities ${fingerprintOf(points.amenityLats)}`,
      expectedRows: amenityCount,
      source: {
        columns: 'i integer NOT NULL, geog geography(Point, 4326) NOT NULL',
        rows: function* () {
          for (let i = 0; i < amenityCount; i++) {
            yield [i, pointText(points.amenityLats[i] as number, points.amenityLons[i] as number)];
          }
        },
      },
      finish: ['CREATE INDEX geo_amenities_geog ON geo_amenities USING gist (geog)', 'ANALYZE geo_amenities'],
    },
    progress,
  );
  const positions = (rows: { i: number }[]) => rows.map((row) => row.i);
  return {
    nearby: async (lat, lon, radiusM, limit) =>
      positions(
        (await client.query({ name: 'geo_nearby', text: NEARBY_SQL, values: [pointText(lat, lon), radiusM, limit] }))
          .rows,
      ),
    countByYear: async (lat, lon, radiusM) => {
      const result = await client.query<{ year: number | null; n: number }>({
        name: 'geo_count_by_year',
        text: COUNT_BY_YEAR_SQL,
        values: [pointText(lat, lon), radiusM],
      });
      return new Map(result.rows.map((row) => [row.year, row.n]));
    },
    nearestAmenities: async (lat, lon, radiusM, limit) =>
      positions(
        (
          await client.query({
            name: 'geo_amenities',
            text: AMENITIES_SQL,
            values: [pointText(lat, lon), radiusM, limit],
          })
        ).rows,
      ),
  };
}
