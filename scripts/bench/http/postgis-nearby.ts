// Data of reference server (b) of the HTTP benchmark: the served release's scenes in PostGIS, each with the
// verbalization /v1/scenes/nearby shows under the default policy (`released`: the highest released version), in one
// table with a GiST index, clustered on it. Loaded once per release and reused (the markers of
// scripts/bench/shared/postgis.ts).
import type pg from 'pg';
import { readManifest, readTableRows } from '../../../core/release/read.ts';
import { ensureTable, tableIsCurrent } from '../shared/postgis.ts';

export const NEARBY_TABLE = 'http_nearby';

/** Loads the release into `http_nearby` unless it is already there; returns the release id. */
export async function preparePostgisNearby(
  client: pg.Client,
  releaseDir: string,
  progress: (message: string) => void,
): Promise<string> {
  const manifest = await readManifest(releaseDir);
  const fingerprint = `release ${manifest.release_id}, created ${manifest.created_at}, ${manifest.row_counts.scenes} scenes`;
  if (await tableIsCurrent(client, NEARBY_TABLE, fingerprint)) {
    progress(`PostGIS: reusing ${NEARBY_TABLE} (${manifest.release_id})`);
    return manifest.release_id;
  }
  const staging = (table: string) => `${table} for ${fingerprint}`;
  await ensureTable(
    client,
    {
      table: 'http_generations',
      fingerprint: staging('generations'),
      expectedRows: manifest.row_counts.generations,
      source: {
        columns: 'id text PRIMARY KEY, version integer NOT NULL',
        rows: async function* () {
          for await (const row of readTableRows(releaseDir, manifest, 'generations')) yield [row.id, row.version];
        },
      },
      finish: [],
    },
    progress,
  );
  await ensureTable(
    client,
    {
      table: 'http_scene_rows',
      fingerprint: staging('scenes'),
      expectedRows: manifest.row_counts.scenes,
      source: {
        columns:
          'id text NOT NULL, lat float8 NOT NULL, lon float8 NOT NULL, position_source text, capture_year smallint, ward text, view_class text, travel_bearing float8, is_pano boolean',
        rows: async function* () {
          // Quarantined scenes are in no nearby search (the document's rule).
          for await (const s of readTableRows(releaseDir, manifest, 'scenes')) {
            if (s.quarantined) continue;
            yield [
              s.id,
              s.lat,
              s.lon,
              s.position_source,
              s.capture_year,
              s.ward,
              s.view_class,
              s.travel_bearing,
              s.is_pano,
            ];
          }
        },
      },
      finish: [],
    },
    progress,
  );
  await ensureTable(
    client,
    {
      table: 'http_verbalization_rows',
      fingerprint: staging('verbalizations'),
      expectedRows: manifest.row_counts.verbalizations,
      source: {
        columns:
          'scene_id text NOT NULL, generation_id text NOT NULL, status text NOT NULL, model text, prompt_version text, summary text NOT NULL, analysis_status text NOT NULL',
        rows: async function* () {
          for await (const v of readTableRows(releaseDir, manifest, 'verbalizations')) {
            if (v.status !== 'released' || v.summary === null) continue;
            yield [v.scene_id, v.generation_id, v.status, v.model, v.prompt_version, v.summary, v.analysis_status];
          }
        },
      },
      finish: [],
    },
    progress,
  );
  await ensureTable(
    client,
    {
      table: NEARBY_TABLE,
      fingerprint,
      expectedRows: manifest.row_counts.scenes,
      source: {
        createAs: `SELECT DISTINCT ON (s.id) s.*, v.generation_id, v.status, g.version, v.model, v.prompt_version,
            v.summary, v.analysis_status, ST_SetSRID(ST_MakePoint(s.lon, s.lat), 4326)::geography AS geog
          FROM http_scene_rows s
          JOIN http_verbalization_rows v ON v.scene_id = s.id
          JOIN http_generations g ON g.id = v.generation_id
          ORDER BY s.id, g.version DESC`,
      },
      finish: [
        `CREATE INDEX ${NEARBY_TABLE}_geog ON ${NEARBY_TABLE} USING gist (geog)`,
        `CLUSTER ${NEARBY_TABLE} USING ${NEARBY_TABLE}_geog`,
        `ANALYZE ${NEARBY_TABLE}`,
        'DROP TABLE http_scene_rows, http_verbalization_rows',
        "DELETE FROM bench_marker WHERE table_name IN ('http_scene_rows', 'http_verbalization_rows')",
      ],
    },
    progress,
  );
  return manifest.release_id;
}
