import type { LaCounts, LayerNotes } from '../../generated/place-lookup/types.gen.ts';
import { notFound } from '../errors.ts';
import type { Manifest } from '../release/manifest-types.ts';

// What every street, edge and area response says about the street/area layer itself: which layer release it is,
// how big it is, and how to read it. Shared by the streets, edges and areas endpoints.

type LayerManifest = Pick<Manifest, 'la_release' | 'la_counts' | 'license'>;

const emptyCounts: LaCounts = { streets: 0, areas: 0, edges: 0, karte_streets: 0, karte_areas: 0 };

/** The layer release id, or '' when the release carries no street/area layer. */
export function layerRelease(manifest: LayerManifest): string {
  return typeof manifest.la_release === 'string' ? manifest.la_release : '';
}

export function hasLayer(manifest: LayerManifest): boolean {
  return layerRelease(manifest) !== '';
}

/** Streets nearby answers 404 when there is no layer to look in at all (an empty radius is a 200). */
export function requireLayer(manifest: LayerManifest): void {
  if (!hasLayer(manifest)) {
    throw notFound('The served release carries no street/area layer (no la_release): no street can be looked up');
  }
}

/** Counts fixed at release time (the manifest), not recounted per request. */
export function layerCounts(manifest: LayerManifest): LaCounts {
  return { ...emptyCounts, ...manifest.la_counts };
}

export function layerHeader(manifest: LayerManifest): { la_release: string; la_counts: LaCounts } {
  return { la_release: layerRelease(manifest), la_counts: layerCounts(manifest) };
}

/** How to read the layer, in Japanese like the data. The license line names the served release's own terms. */
export function layerNotes(manifest: LayerManifest): LayerNotes {
  const license = manifest.license;
  return {
    grade:
      'coverage_grade は記録の厚さを表す。A〜C にはカルテ（文章の要約）があり、' +
      'D は記録が少ないため数値のみで karte は null。等級の付け方は内部規則で、レイヤのリリース（la_release）ごとに変わりうる。',
    rates:
      'profile の rates は、判定できた写真の数（n_judged）を分母にした割合。judged_rate は集計した写真のうち判定できたものの割合。' +
      '割合は写真に写った範囲についてのもので、通りや町丁目の全体を測ったものではない。',
    years:
      'year_span は集計した写真の撮影年の最初と最後。その間に毎年撮影されたことも、現在の様子であることも意味しない。',
    sides:
      '左右（sides、tsuranari）は各写真の撮影方向から見た左側・右側で、写真ごとに向きが違うため、通りの東西南北とは対応しない。',
    versions:
      'karte_versions はカルテの版で、新しい順。karte は最新版。各版の本文は通りの詳細で include=versions を指定したときだけ返す。' +
      'カルテはプロフィールの数値だけから生成し、数値・年・固有名詞がプロフィールにあることを機械的に検査している。',
    license: `カルテと数値は観察データから作ったもので、観察データと同じ条件（${license.layers.observation}、${license.id}）に従う。表示や引用の際は「${license.attribution}」と示すこと。`,
  };
}
