/**
 * Kartes: short Japanese texts written from a profile only. Every number, year and proper noun in them is taken from
 * the profile object passed in, which is what the machine check (and the unit test) verifies.
 */
import type {
  AreaKarte,
  AreaProfile,
  ChangeSummary,
  KarteProvenance,
  KarteVersion,
  Landmark,
  ProfileStats,
  StreetKarte,
  StreetProfile,
} from '../release/types.ts';
import type { CategoryCatalog } from './categories.ts';

export const KARTE_MODEL = 'karte-writer-2';
export const KARTE_PROMPT = 'karte-v2.0';
const GENERATED_AT = '2026-10-28T00:00:00Z';
const OLD = { model: 'karte-writer-1', prompt: 'karte-v1.2', generated_at: '2025-03-01T00:00:00Z' } as const;

export const KARTE_PROVENANCE: KarteProvenance = {
  model: KARTE_MODEL,
  prompt: KARTE_PROMPT,
  generated_at: GENERATED_AT,
  note: 'プロフィールの数値だけから生成し、数値・年・固有名詞がプロフィールに存在することを機械的に検査した（合成デモ）。',
};

/** Street furniture that nearly every photo shows; kartes talk about what sets a place apart. */
const BACKGROUND = new Set([
  'asphalt_pavement',
  'utility_poles',
  'overhead_wires',
  'road_markings',
  'drainage_gutter',
  'manhole_cover',
  'intersection',
]);

function topText(stats: ProfileStats, n: number): string {
  const top = stats.top_categories.filter((c) => !BACKGROUND.has(c.id)).slice(0, n);
  if (top.length === 0) return '判定できた観察が少なく、目立つ特徴はまとめられない。';
  return `${top.map((c) => `${c.label}（${c.pct}%）`).join('、')}が目立つ。`;
}

function coverageText(stats: ProfileStats): string {
  const span = stats.year_span
    ? `撮影年は${stats.year_span[0]}年から${stats.year_span[1]}年、`
    : '撮影年の分かる記録はなく、';
  return `${span}${stats.n_sequences}系列の撮影で、パノラマは${stats.pano_pct}%。記録がないことは実在しないことを意味しない。`;
}

function walkingText(stats: ProfileStats, catalog: CategoryCatalog): string {
  const parts = ['roadside_safety', 'slope_terrain', 'greenery']
    .map((g) => [catalog.groups.find((x) => x.id === g)?.label, stats.rates[g]] as const)
    .flatMap(([label, rate]) => (label !== undefined && rate !== undefined ? [`${label}の記述は${rate.pct}%`] : []));
  return parts.length > 0 ? `歩く視点では、${parts.join('、')}の地点にある。` : '歩行環境を示す記述は少ない。';
}

function landmarkText(landmarks: Landmark[]): string {
  const top = landmarks.slice(0, 3);
  if (top.length === 0) return '観察から拾える目印となる場所は記録されていない。';
  return `${top.map((l) => `${l.name}（${l.kind}、${l.n_scenes}地点）`).join('、')}の近くを通る。`;
}

function changesText(changes: ChangeSummary): string {
  if (changes.n_supported === 0) return '反証に耐えた変化の記録はない（変化がなかったことの証明ではない）。';
  const parts = Object.entries(changes.by_category).map(([cat, n]) => `${cat}${n}件`);
  return `反証に耐えた変化は${changes.n_supported}件（${parts.join('、')}）。`;
}

export function streetKarte(p: StreetProfile, catalog: CategoryCatalog, brief = false): StreetKarte {
  const s = p;
  const cls = p.highway_class ?? '道路';
  return {
    name: p.name,
    character: `${p.name}は${p.ward ?? '市内'}の${cls}で、${s.n_scenes}地点のうち${s.n_judged}地点（${s.judged_pct}%）の観察をまとめた。${brief ? '' : topText(s, 2)}`,
    tsuranari: `建物の連なりが見られる地点は左側${p.sides.left.tsuranari_pct}%、右側${p.sides.right.tsuranari_pct}%。`,
    sides: `左側は${p.sides.left.dominant_use}（${p.sides.left.dominant_use_pct}%）、右側は${p.sides.right.dominant_use}（${p.sides.right.dominant_use_pct}%）が主な沿道。`,
    streetscape: topText(s, brief ? 3 : 5),
    walking: walkingText(s, catalog),
    notable: landmarkText(p.landmarks),
    changes_summary: changesText(p.changes),
    coverage_note: coverageText(s),
    evidence_ids: p.evidence_quotes.slice(0, brief ? 3 : 5).map((e) => e.scene_id),
  };
}

export function areaKarte(p: AreaProfile, catalog: CategoryCatalog, brief = false): AreaKarte {
  const s = p;
  const compare = ['greenery', 'commerce_signage', 'slope_terrain']
    .map((g) => [catalog.groups.find((x) => x.id === g)?.label, s.rates[g], p.ward_comparison.rates[g]] as const)
    .filter((x) => x[0] !== undefined && x[1] !== undefined && x[2] !== undefined)
    .map(([label, own, ward]) => `${label}${own?.pct}%（区全体${ward?.pct}%）`);
  return {
    town_key: p.town_key,
    name: p.name,
    character: `${p.name}（${p.ward}）は面積約${p.area_m2}平方メートルの町丁で、${s.n_scenes}地点のうち${s.n_judged}地点を判定した。${brief ? '' : topText(s, 2)}`,
    skeleton:
      p.street_names.length > 0
        ? `${p.n_edges}本の道路区間があり、${p.street_names.join('・')}が通る。`
        : `${p.n_edges}本の道路区間があり、名前の付いた通りは記録されていない。`,
    streetscape: topText(s, brief ? 3 : 5),
    walking: walkingText(s, catalog),
    notable: landmarkText(p.landmarks),
    changes_summary: changesText(p.changes),
    compared_to:
      compare.length > 0
        ? `${p.ward_comparison.ward}全体と比べると、${compare.join('、')}。`
        : '区全体との比較はできない。',
    coverage_note: coverageText(s),
    evidence_ids: p.evidence_quotes.slice(0, brief ? 3 : 5).map((e) => e.scene_id),
  };
}

/** The current karte and, for well-covered places, the earlier version it replaced (newest first). */
export function karteVersions<K>(make: (brief: boolean) => K, grade: string): KarteVersion<K>[] {
  const current = {
    tag: 'v2',
    model: KARTE_MODEL,
    prompt: KARTE_PROMPT,
    generated_at: GENERATED_AT,
    karte: make(false),
  };
  return grade === 'A' ? [current, { tag: 'v1', ...OLD, karte: make(true) }] : [current];
}
