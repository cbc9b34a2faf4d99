/**
 * A small hand-written corpus for the search tests: observations that state known categories with their evidence
 * phrases (as the demo generator and a real model would), one stated absence and one invalid analysis.
 */
import { type CategoryCatalog, loadCatalog } from '../../../core/scenery-search/categories.ts';
import type { CorpusObservation } from '../../../core/scenery-search/corpus.ts';

let catalog: CategoryCatalog | null = null;
export function testCatalog(): CategoryCatalog {
  catalog ??= loadCatalog();
  return catalog;
}

/** A fixed clock for tests: capture years up to 2026 are searchable. */
export const NOW = new Date('2026-11-21T12:00:00Z');

interface Spec {
  id: string;
  ward: string | null;
  year: number | null;
  lat?: number;
  lon?: number;
  summary: string;
  analysis: Record<string, unknown> | null;
}

function make(spec: Spec): CorpusObservation {
  return {
    scene_id: spec.id,
    lat: spec.lat ?? 34.63,
    lon: spec.lon ?? 135.0,
    ward: spec.ward,
    capture_year: spec.year,
    generation: { id: 'gen-test', version: 2 },
    summary: spec.summary,
    analysis: spec.analysis,
  };
}

export const STONE_SLOPE = '1000000000000001';
export const SHRINE = '1000000000000002';
export const ARCADE = '1000000000000003';
export const RIVER_CHERRY = '1000000000000004';
export const QUIET_NO_POLES = '1000000000000005';
export const OLD_RESIDENTIAL = '1000000000000006';
export const POLES_RESIDENTIAL = '1000000000000007';
export const INVALID = '1000000000000008';

export function fixtureObservations(): CorpusObservation[] {
  return [
    make({
      id: STONE_SLOPE,
      ward: '中央区',
      year: 2021,
      lat: 34.631,
      lon: 135.01,
      summary: '石畳や坂道が見られる路地の画像である。',
      analysis: {
        pavement: { surface: '石畳', observations: ['平らな石を敷き詰めた石畳が続き、目地に苔が見られる。'] },
        geometry: { observations: ['奥に向かって上っている坂道がある。'] },
        buildings: { observations: ['瓦屋根の日本家屋が見られる。'] },
      },
    }),
    make({
      id: SHRINE,
      ward: '港区',
      year: 2019,
      lat: 34.62,
      lon: 135.04,
      summary: '鳥居や神社が見られる。',
      analysis: {
        landmarks: { observations: ['朱塗りの鳥居が見える。', '境内に社殿が建つ。'] },
        vegetation: { observations: ['しめ縄を巻いた御神木が確認できる。'] },
      },
    }),
    make({
      id: ARCADE,
      ward: '中央区',
      year: 2023,
      lat: 34.632,
      lon: 135.012,
      summary: 'アーケードや商店街が見られる。',
      analysis: {
        buildings: { observations: ['通りの上を屋根が覆うアーケードが続く。'] },
        signage: { observations: ['個人商店の並ぶ商店街がある。'] },
      },
    }),
    make({
      id: RIVER_CHERRY,
      ward: '北区',
      year: 2018,
      lat: 34.65,
      lon: 135.0,
      summary: '川や桜が見られる。',
      analysis: {
        water: { observations: ['道路に沿って川が流れている。'] },
        vegetation: { observations: ['満開の桜が道を覆う様子が見られる。'] },
      },
    }),
    make({
      id: QUIET_NO_POLES,
      ward: '東区',
      year: 2020,
      lat: 34.62,
      lon: 135.07,
      summary: '住宅街の生活道路や静かな通りが見られる。',
      analysis: {
        road_context: { observations: ['住宅が建ち並ぶ生活道路が続く。'] },
        infrastructure: { observations: ['電柱は見当たらない。'] },
        atmosphere: { observations: ['人通りの少ない路地が続く。'] },
      },
    }),
    make({
      id: OLD_RESIDENTIAL,
      ward: '東区',
      year: 1999,
      lat: 34.621,
      lon: 135.071,
      summary: '住宅街の生活道路が見られる。',
      analysis: { road_context: { observations: ['住宅が建ち並ぶ生活道路がある。'] } },
    }),
    make({
      id: POLES_RESIDENTIAL,
      ward: '東区',
      year: 2022,
      lat: 34.622,
      lon: 135.072,
      summary: '住宅街の生活道路や電柱が見られる。',
      analysis: {
        road_context: { observations: ['住宅が建ち並ぶ生活道路がある。'] },
        infrastructure: { observations: ['道路脇に電柱が立ち並ぶ。'] },
      },
    }),
    make({ id: INVALID, ward: null, year: null, summary: '坂道が見られる。', analysis: null }),
  ];
}

/** A larger corpus for paging: `n` residential scenes with varying evidence, all 2018 or later. */
export function residentialObservations(n: number): CorpusObservation[] {
  return Array.from({ length: n }, (_, i) =>
    make({
      id: String(2000000000000000 + i),
      ward: i % 2 === 0 ? '東区' : '西区',
      year: 2018 + (i % 8),
      lat: 34.6 + (i % 50) * 0.001,
      lon: 135.0 + Math.floor(i / 50) * 0.001,
      summary: '住宅街の生活道路が見られる。',
      analysis: {
        road_context: { observations: ['住宅が建ち並ぶ生活道路がある。'] },
        ...(i % 3 === 0 ? { infrastructure: { observations: ['道路脇に電柱が立ち並ぶ。'] } } : {}),
      },
    }),
  );
}

/** A residential slope whose street observation says `detail`: one scene for what a sentence does to a condition. */
export function slopeSaying(id: string, detail: string): CorpusObservation {
  return make({
    id,
    ward: null,
    year: 2022,
    summary: '住宅地の坂道の画像である。',
    analysis: {
      geometry: { observations: ['奥に向かって上っている坂道がある。'] },
      street: { observations: [detail] },
    },
  });
}
