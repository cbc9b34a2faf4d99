// Reference server (b) of the HTTP benchmark: minimal node:http + pg + PostGIS answering GET /v1/scenes/nearby
// (lat, lon, radius_m, limit) with the same items and envelope as ours, from the `http_nearby` table
// (scripts/bench/http/postgis-nearby.ts). No validation beyond numbers, no logging, no rate limit: the least a server
// does.
// Usage: node scripts/bench/http/postgis-server.ts --url postgres://… --envelope FILE [--pool 8]; listens on PORT.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import pg from 'pg';

const { values } = parseArgs({
  options: { url: { type: 'string' }, envelope: { type: 'string' }, pool: { type: 'string', default: '8' } },
});
if (!values.url || !values.envelope) throw new Error('usage: postgis-server.ts --url URL --envelope FILE [--pool N]');
// The envelope of one real response of ours (everything but query, count, results, candidate_truncated).
const { envelope, imagePageTemplate } = JSON.parse(readFileSync(values.envelope, 'utf8')) as {
  envelope: Record<string, unknown>;
  imagePageTemplate: string;
};
const pool = new pg.Pool({ connectionString: values.url, max: Number(values.pool) });

// KNN index scan, ties settled by the outer sort, radius by ST_DWithin on the few rows fetched: the fastest correct
// form (see scripts/bench/geo/postgis-geo.ts).
const NEARBY_SQL = `SELECT id, lat, lon, position_source, capture_year, ward, view_class, travel_bearing, is_pano,
    generation_id, status, version, model, prompt_version, summary, analysis_status, d
  FROM (SELECT *, geog <-> $1::geography AS d FROM http_nearby ORDER BY geog <-> $1::geography LIMIT $3 + 10) AS nearest
  WHERE ST_DWithin(geog, $1::geography, $2, false)
  ORDER BY d, capture_year DESC NULLS LAST, length(id), id LIMIT $3`;

interface NearbyRow {
  id: string;
  lat: number;
  lon: number;
  position_source: string;
  capture_year: number | null;
  ward: string | null;
  view_class: string | null;
  travel_bearing: number | null;
  is_pano: boolean | null;
  generation_id: string;
  status: string;
  version: number;
  model: string | null;
  prompt_version: string | null;
  summary: string;
  analysis_status: string;
  d: number;
}

async function nearby(params: URLSearchParams) {
  const lat = Number(params.get('lat'));
  const lon = Number(params.get('lon'));
  const radiusM = Number(params.get('radius_m') ?? 150);
  const limit = Number(params.get('limit') ?? 10);
  if (![lat, lon, radiusM, limit].every(Number.isFinite)) return null;
  const { rows } = await pool.query<NearbyRow>({
    name: 'nearby',
    text: NEARBY_SQL,
    values: [`SRID=4326;POINT(${lon} ${lat})`, radiusM, limit],
  });
  const results = rows.map((row) => ({
    id: row.id,
    distance_m: Math.round(row.d),
    lat: row.lat,
    lon: row.lon,
    position_source: row.position_source,
    capture_year: row.capture_year,
    year: row.capture_year,
    ward: row.ward,
    view_class: row.view_class,
    travel_bearing: row.travel_bearing,
    is_pano: row.is_pano,
    generation: { id: row.generation_id, status: row.status, version: row.version },
    model: row.model,
    prompt_version: row.prompt_version,
    summary: row.summary,
    analysis_status: row.analysis_status,
    image_page: imagePageTemplate.replaceAll('{id}', encodeURIComponent(row.id)),
  }));
  return {
    ...envelope,
    request_id: randomUUID(),
    query: { lat, lon, radius_m: radiusM, limit, year_from: null, year_to: null },
    count: results.length,
    results,
    candidate_truncated: false,
  };
}

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname !== '/v1/scenes/nearby') {
    response.writeHead(url.pathname === '/ready' ? 200 : 404).end();
    return;
  }
  nearby(url.searchParams).then(
    (body) => {
      if (body === null) {
        response.writeHead(400).end();
        return;
      }
      const bytes = Buffer.from(JSON.stringify(body));
      response.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': bytes.length,
        'cache-control': 'public, max-age=300',
      });
      response.end(bytes);
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      response.writeHead(500).end();
    },
  );
});
server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1');
process.once('SIGTERM', () => void pool.end().finally(() => process.exit(0)));
