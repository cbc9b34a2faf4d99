// Streets, edges and areas (the street/area layer): light rows for the in-memory indexes, full rows by key, and
// name search on the normalized names stored at ingest.
import type { AreaRow, EdgeRow, StreetRow } from '../../release/types.ts';
import { selectList } from '../columns.ts';
import { containsPattern, escapeLike, normalizeName } from '../normalize.ts';
import { type Queryable, type Row, wholeTable } from '../types.ts';

type StreetSummaryColumns =
  | 'street_id'
  | 'name'
  | 'ward'
  | 'highway_class'
  | 'length_m'
  | 'coverage_grade'
  | 'n_scenes'
  | 'n_sequences'
  | 'year_span'
  | 'bbox';
export type StreetSummary = Pick<StreetRow, StreetSummaryColumns> & { has_karte: boolean };
export type StreetLight = StreetSummary & Pick<StreetRow, 'axis'>;

type AreaSummaryColumns =
  | 'town_key'
  | 'name'
  | 'ward'
  | 'coverage_grade'
  | 'n_scenes'
  | 'n_sequences'
  | 'year_span'
  | 'bbox'
  | 'center';
export type AreaSummary = Pick<AreaRow, AreaSummaryColumns> & { has_karte: boolean };
export type AreaLight = AreaSummary & Pick<AreaRow, 'geometry'>;

export type EdgeLight = Omit<EdgeRow, 'profile'>;

const streetSummary =
  'street_id, name, ward, highway_class, length_m, coverage_grade, n_scenes, n_sequences, year_span, bbox, ' +
  'karte IS NOT NULL AS has_karte';
const areaSummary =
  'town_key, name, ward, coverage_grade, n_scenes, n_sequences, year_span, bbox, center, karte IS NOT NULL AS has_karte';
const edgeLight = 'edge_id, street_id, town_key, name, ward, highway, highway_class, length_m, n_scenes, geom';

export function loadStreetLight(db: Queryable, releaseId: string): Promise<StreetLight[]> {
  return db.query<StreetLight & Row>(
    `SELECT ${streetSummary}, axis FROM streets WHERE release_id = $1 ORDER BY street_id`,
    [releaseId],
    wholeTable,
  );
}

export function loadEdgeLight(db: Queryable, releaseId: string): Promise<EdgeLight[]> {
  return db.query<EdgeLight & Row>(
    `SELECT ${edgeLight} FROM edges WHERE release_id = $1 ORDER BY edge_id`,
    [releaseId],
    wholeTable,
  );
}

export function loadAreaLight(db: Queryable, releaseId: string): Promise<AreaLight[]> {
  return db.query<AreaLight & Row>(
    `SELECT ${areaSummary}, geometry FROM areas WHERE release_id = $1 ORDER BY town_key`,
    [releaseId],
    wholeTable,
  );
}

export async function getStreet(db: Queryable, releaseId: string, streetId: number): Promise<StreetRow | null> {
  const [row] = await db.query<StreetRow & Row>(
    `SELECT ${selectList('streets')} FROM streets WHERE release_id = $1 AND street_id = $2`,
    [releaseId, streetId],
  );
  return row ?? null;
}

/** The edges of a street, by edge id. */
export function getStreetEdges(db: Queryable, releaseId: string, streetId: number): Promise<EdgeLight[]> {
  return db.query<EdgeLight & Row>(
    `SELECT ${edgeLight} FROM edges WHERE release_id = $1 AND street_id = $2 ORDER BY edge_id`,
    [releaseId, streetId],
  );
}

export async function getEdge(db: Queryable, releaseId: string, edgeId: string): Promise<EdgeRow | null> {
  const [row] = await db.query<EdgeRow & Row>(
    `SELECT ${selectList('edges')} FROM edges WHERE release_id = $1 AND edge_id = $2`,
    [releaseId, edgeId],
  );
  return row ?? null;
}

export async function getArea(db: Queryable, releaseId: string, townKey: string): Promise<AreaRow | null> {
  const [row] = await db.query<AreaRow & Row>(
    `SELECT ${selectList('areas')} FROM areas WHERE release_id = $1 AND town_key = $2`,
    [releaseId, townKey],
  );
  return row ?? null;
}

export interface NameSearch {
  q: string;
  ward?: string | null;
  limit: number;
}

export interface NameSearchResult<T> {
  normalizedQuery: string;
  results: T[];
}

// Exact name first, then names starting with the query, then the best-covered, then by key: stable and useful.
function searchSql(select: string, table: 'streets' | 'areas', key: string): string {
  return `SELECT ${select} FROM ${table}
    WHERE release_id = $1 AND name_normalized LIKE $2 ESCAPE '\\' AND ($5::text IS NULL OR ward = $5)
    ORDER BY name_normalized = $3 DESC, name_normalized LIKE $4 ESCAPE '\\' DESC, n_scenes DESC, ${key}
    LIMIT $6`;
}

function searchParams(releaseId: string, search: NameSearch) {
  const normalizedQuery = normalizeName(search.q);
  const ward = search.ward ? search.ward.normalize('NFKC').trim() : null;
  const params = [
    releaseId,
    containsPattern(normalizedQuery),
    normalizedQuery,
    `${escapeLike(normalizedQuery)}%`,
    ward,
    search.limit,
  ];
  return { normalizedQuery, params };
}

/** Streets whose NFKC-normalized name contains the normalized query (LIKE wildcards in it match literally). */
export async function searchStreets(
  db: Queryable,
  releaseId: string,
  search: NameSearch,
): Promise<NameSearchResult<StreetSummary>> {
  const { normalizedQuery, params } = searchParams(releaseId, search);
  const results = await db.query<StreetSummary & Row>(searchSql(streetSummary, 'streets', 'street_id'), params);
  return { normalizedQuery, results };
}

export async function searchAreas(
  db: Queryable,
  releaseId: string,
  search: NameSearch,
): Promise<NameSearchResult<AreaSummary>> {
  const { normalizedQuery, params } = searchParams(releaseId, search);
  const results = await db.query<AreaSummary & Row>(searchSql(areaSummary, 'areas', 'town_key'), params);
  return { normalizedQuery, results };
}
