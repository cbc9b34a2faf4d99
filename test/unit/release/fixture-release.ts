/** Writes the fixture rows as a release folder (plain or gzip NDJSON) for reader tests. */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { RELEASE_TABLES, type ReleaseTable } from '../../../core/release/tables.ts';
import type { Manifest } from '../../../core/release/types.ts';
import { FIXTURE_ROWS } from './fixture-rows.ts';

const T = '2026-11-01T00:00:00Z';
const ratio = { count: 1, denominator: 1, ratio: 1 };

export function buildFixtureManifest(gzip: boolean): Manifest {
  const files = {} as Record<ReleaseTable, string>;
  const rowCounts = {} as Record<ReleaseTable, number>;
  for (const table of RELEASE_TABLES) {
    files[table] = `${table}.ndjson${gzip ? '.gz' : ''}`;
    rowCounts[table] = FIXTURE_ROWS[table].length;
  }
  const metricKeys = [
    'processed_total',
    'served_total',
    'released_total',
    'experimental_total',
    'changes_total',
    'schools_total',
    'position_source_computed',
    'position_source_raw',
    'computed_discarded_outside_service',
    'machine_feature_rows',
    'machine_travel_bearing_nonnull',
    'machine_abs_objects_nonnull',
    'machine_color_status_ok',
    'machine_green_ratio_nonnull',
    'year_min',
    'year_max',
    'quarantined_total',
    'invalid_analysis_total',
    'amenities_total',
  ];
  const dataset = (kind: 'vending_machine' | 'toilet' | 'bench') => ({
    kind,
    source_snapshot: 'fixture',
    built_at: T,
    total_candidates: 1,
    min_year: 2024,
    max_year: 2024,
  });
  return {
    format_version: 1,
    release_id: 'fixture-r1',
    status: 'staged',
    created_at: T,
    published_at: null,
    data_as_of: '2026-10-31',
    synthetic: true,
    default_generation: 'gen2-local',
    counts: {
      processed_total: 1,
      served_total: 1,
      released_total: 1,
      experimental_total: 0,
      changes_total: 1,
      schools_total: 1,
      quarantined_total: 0,
      machine_feature_rows: 1,
      position_source: { mapillary_computed: 1, mapillary_raw: 0 },
    },
    metrics: Object.fromEntries(metricKeys.map((k) => [k, k.startsWith('year_') ? 2024 : 1])),
    counting_notes: { source: 's', quarantine: 'q', search_vs_release: 'r' },
    machine_feature_coverage: {
      rows: ratio,
      served_columns: { travel_bearing: ratio, abs_objects: ratio, color_status_ok: ratio, green_ratio: ratio },
    },
    years: { min: 2024, max: 2024 },
    la_release: 'fixture-la1',
    la_counts: { streets: 1, areas: 1, edges: 1, karte_streets: 0, karte_areas: 0 },
    license: {
      schema_version: 1,
      id: 'fixture',
      url: 'https://example.org/license',
      policy_version: '1',
      summary: '合成データ',
      summary_en: 'synthetic',
      obligations: { use_in_results: [], display_or_quote_records: [], redistribute_as_data: [] },
      notices: [],
      layers: { observation: 'CC-BY-4.0', mapillary_reference: 'CC-BY-SA-4.0', public_sector: 'CC-BY-4.0' },
      linked_only: { photo: 'link only' },
      attribution: '出典',
      attribution_en: 'source',
      public_sector_sources: [],
      mapillary: 'https://www.mapillary.com',
      ui_requirements: [],
      ui_requirements_en: [],
    },
    provenance: { dataset_node: 'ds', repository: 'https://example.org/repo', nodes: [] },
    provenance_scope: 'scope',
    verification_method: 'method',
    generation_governance: 'governance',
    source_notes: {},
    amenity_datasets: {
      vending_machine: dataset('vending_machine'),
      toilet: dataset('toilet'),
      bench: dataset('bench'),
    },
    schools_source: 'fixture',
    image_page_template: 'https://www.mapillary.com/app/?pKey={id}',
    wards: [{ label: '港区', label_en: 'Minato', kind: 'ward', n_scenes: 1 }],
    files,
    row_counts: rowCounts,
  };
}

/** Writes a release; `lines` overrides a table's raw NDJSON text (for bad-row tests). */
export async function writeFixtureRelease(
  options: { gzip?: boolean; lines?: Partial<Record<ReleaseTable, string>> } = {},
): Promise<{ dir: string; manifest: Manifest }> {
  const dir = await mkdtemp(join(tmpdir(), 'machimi-release-'));
  const manifest = buildFixtureManifest(options.gzip ?? false);
  await writeFile(join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  for (const table of RELEASE_TABLES) {
    const text = options.lines?.[table] ?? `${FIXTURE_ROWS[table].map((row) => JSON.stringify(row)).join('\n')}\n`;
    await writeFile(join(dir, manifest.files[table]), options.gzip ? gzipSync(text) : text);
  }
  return { dir, manifest };
}
