// A small release with the awkward cases the store must keep apart: ids above 2^53, a quarantined scene, scenes
// without verbalization or with only experimental/deprecated ones, an invalid analysis, a grade-D street, an unnamed
// edge, long change evidence, full-width/half-width school names and names holding LIKE wildcards.
import { createHash } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { RELEASE_TABLES, type ReleaseTable } from '../../../core/release/tables.ts';
import type { Manifest, RowTypes } from '../../../core/release/types.ts';
import { buildFixtureManifest } from '../../unit/release/fixture-release.ts';
import { FIXTURE_ROWS } from '../../unit/release/fixture-rows.ts';

export type FixtureRows = { [K in ReleaseTable]: RowTypes[K][] };

export const ids = {
  full: '9007199254740993001', // above 2^53: Number() would change it
  experimental: '123456789012345', // 15 digits
  deprecatedInvalid: '18446744073709551615', // 20 digits
  quarantined: '9007199254740993005',
  bare: '9007199254740993007', // no verbalization, unknown year, no ward
} as const;

function first<T>(rows: readonly T[]): T {
  const row = rows[0];
  if (row === undefined) throw new Error('fixture template is empty');
  return row;
}

// Ingest checks content_sha256: rows whose summary or analysis differ from the fixture's get their own.
function withContentSha<V extends { summary: string; analysis_json: string }>(row: V): V {
  return { ...row, content_sha256: createHash('sha256').update(`${row.summary}\n${row.analysis_json}`).digest('hex') };
}

export function buildRows(): FixtureRows {
  const t = FIXTURE_ROWS;
  const gen2 = first(t.generations);
  const scene = first(t.scenes);
  const verbalization = first(t.verbalizations);
  const street = first(t.streets);
  const edge = first(t.edges);
  const area = first(t.areas);
  const change = first(t.changes);
  const amenity = first(t.amenities);
  const school = first(t.schools);
  const longEvidence = `${'舗装の亀裂が広がり、'.repeat(30)}終わり`;
  return {
    generations: [{ ...gen2, id: 'gen1-vlm', gen_id: 'gen1', version: 1, model_family: 'vlm' }, gen2],
    scenes: [
      scene,
      { ...scene, id: ids.experimental, lat: 34.6502, capture_year: 2019, ward: '北区' },
      { ...scene, id: ids.deprecatedInvalid, lat: 34.6504, capture_year: 2021 },
      { ...scene, id: ids.quarantined, capture_year: null, capture_time_quality: 'epoch_anomaly', quarantined: true },
      { ...scene, id: ids.bare, lat: 34.6506, capture_year: null, capture_time_quality: 'unknown', ward: null },
    ],
    verbalizations: (
      [
        { ...verbalization, generation_id: 'gen1-vlm', summary: '第一世代の要約。' },
        verbalization,
        { ...verbalization, scene_id: ids.experimental, status: 'experimental' },
        {
          ...verbalization,
          scene_id: ids.deprecatedInvalid,
          generation_id: 'gen1-vlm',
          status: 'deprecated',
          analysis_json: '{"road_context": ',
          analysis_status: 'invalid',
        },
        { ...verbalization, scene_id: ids.quarantined },
      ] satisfies RowTypes['verbalizations'][]
    ).map(withContentSha),
    machine_features: t.machine_features,
    streets: [
      street,
      {
        ...street,
        street_id: 2,
        name: 'ＭＡＩＮ　Street',
        ward: '北区',
        n_scenes: 40,
        coverage_grade: 'A',
        karte: {
          name: 'MAIN Street',
          character: '北区を東西に走る幹線。',
          tsuranari: '',
          sides: '',
          streetscape: '',
          walking: '',
          notable: '',
          changes_summary: '',
          coverage_note: '2019年から2024年の15枚。',
          evidence_ids: [ids.full],
        },
        karte_provenance: { model: 'local-vlm-7b', prompt: 'k1', generated_at: '2026-11-01T00:00:00Z', note: '' },
        profile: { ...street.profile, street_id: 2 },
      },
      { ...street, street_id: 3, name: '100%_通り', n_scenes: 20, profile: { ...street.profile, street_id: 3 } },
    ],
    edges: [edge, { ...edge, edge_id: '3_4', street_id: null, name: null, highway: 'residential' }],
    areas: [area, { ...area, town_key: '281100020', name: '港町二丁目' }],
    changes: [
      change,
      { ...change, change_id: 'chg_ba9876543210', evidence: longEvidence, status: 'refuted', category: '建物' },
    ],
    amenities: [amenity, { ...amenity, id: 'tl_0123456789ab', kind: 'toilet', scene_id: ids.experimental }],
    schools: [
      school,
      { ...school, school_id: 'sch_00000002', name: '神戸市立　港小学校' },
      { ...school, school_id: 'sch_00000003', name: 'ｺｳﾍﾞ小学校' },
      { ...school, school_id: 'sch_00000004', name: '100%_スクール' },
      { ...school, school_id: 'sch_00000001', name: 'ＡＢＣ 小学校' },
      // Two spellings of one normalized name, the larger id first: the search orders them by school_id.
      { ...school, school_id: 'sch_00000006', name: 'ﾐﾅﾄ中央小学校' },
      { ...school, school_id: 'sch_00000005', name: 'ミナト中央小学校' },
    ],
  };
}

export interface FixtureOptions {
  releaseId?: string;
  status?: Manifest['status'];
  createdAt?: string;
  publishedAt?: string | null;
  gzip?: boolean;
  rows?: FixtureRows;
  /** Raw NDJSON text that replaces a table's file (bad-row tests); row_counts still come from `rows`. */
  lines?: Partial<Record<ReleaseTable, string>>;
}

/** Writes the fixture release to a new temporary folder. */
export async function writeRelease(options: FixtureOptions = {}): Promise<{ dir: string; manifest: Manifest }> {
  const rows = options.rows ?? buildRows();
  const gzip = options.gzip ?? false;
  const base = buildFixtureManifest(gzip);
  const manifest: Manifest = {
    ...base,
    release_id: options.releaseId ?? 'store-fixture-r1',
    status: options.status ?? 'staged',
    created_at: options.createdAt ?? base.created_at,
    published_at: options.publishedAt ?? null,
    row_counts: Object.fromEntries(
      RELEASE_TABLES.map((table) => [table, rows[table].length]),
    ) as Manifest['row_counts'],
  };
  const dir = await mkdtemp(join(tmpdir(), 'machimi-store-release-'));
  await writeFile(join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  for (const table of RELEASE_TABLES) {
    const text = options.lines?.[table] ?? `${rows[table].map((row) => JSON.stringify(row)).join('\n')}\n`;
    await writeFile(join(dir, manifest.files[table]), gzip ? gzipSync(text) : text);
  }
  return { dir, manifest };
}
