/** Profiles: the numbers of an edge, street or area, computed from a Tally. Kartes may only restate these. */
import type { CategoryCount, Landmark, ProfileStats, Rate, SideProfile } from '../release/types.ts';
import type { CategoryCatalog } from './categories.ts';
import type { Tally } from './tally.ts';

export function pct(count: number, denominator: number): number {
  return denominator > 0 ? Math.round((100 * count) / denominator) : 0;
}

export function rateOf(count: number, denominator: number): Rate {
  return {
    count,
    denominator,
    ratio: denominator > 0 ? Math.round((count / denominator) * 10_000) / 10_000 : null,
    pct: pct(count, denominator),
  };
}

export function yearSpanOf(t: Tally): [number, number] | null {
  const years = [...t.years.keys()].filter((y) => y !== 'unknown').map(Number);
  if (years.length === 0) return null;
  return [Math.min(...years), Math.max(...years)];
}

export function knownYearCount(t: Tally): number {
  return [...t.years.keys()].filter((y) => y !== 'unknown').length;
}

/** Rates per category group (share of judged scenes showing anything of the group). */
export function groupRates(t: Tally, catalog: CategoryCatalog): Record<string, Rate> {
  const out: Record<string, Rate> = {};
  catalog.groups.forEach((g, i) => {
    const count = t.groups[i] as number;
    out[g.id] = rateOf(count, t.judged);
  });
  return out;
}

export function statsOf(t: Tally, catalog: CategoryCatalog): ProfileStats {
  const byYear: Record<string, number> = {};
  for (const key of [...t.years.keys()].sort()) byYear[key] = t.years.get(key) as number;
  const top: CategoryCount[] = [];
  const order = [...t.categories.keys()].filter((i) => (t.categories[i] as number) > 0);
  order.sort((a, b) => (t.categories[b] as number) - (t.categories[a] as number) || a - b);
  for (const i of order.slice(0, 10)) {
    const c = catalog.categories[i];
    if (c)
      top.push({
        id: c.id,
        label: c.label,
        count: t.categories[i] as number,
        pct: pct(t.categories[i] as number, t.judged),
      });
  }
  return {
    n_scenes: t.n,
    n_judged: t.judged,
    judged_rate: t.n > 0 ? Math.round((t.judged / t.n) * 10_000) / 10_000 : null,
    judged_pct: pct(t.judged, t.n),
    n_sequences: t.sequences.size,
    year_span: yearSpanOf(t),
    scenes_by_year: byYear,
    rates: groupRates(t, catalog),
    distributions: { left_side_use: sortedCounts(t.left), right_side_use: sortedCounts(t.right) },
    top_categories: top,
    pano_pct: pct(t.pano, t.n),
  };
}

function sortedCounts(map: Map<string, number>): Record<string, number> {
  return Object.fromEntries([...map.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)));
}

function sideOf(uses: Map<string, number>, tsuranari: number, judged: number): SideProfile {
  let best = '記録なし';
  let bestN = 0;
  for (const [use, n] of [...uses.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    if (n > bestN) {
      best = use;
      bestN = n;
    }
  }
  return { dominant_use: best, dominant_use_pct: pct(bestN, judged), tsuranari_pct: pct(tsuranari, judged) };
}

export function sidesOf(t: Tally): { left: SideProfile; right: SideProfile } {
  return { left: sideOf(t.left, t.tsuranariLeft, t.judged), right: sideOf(t.right, t.tsuranariRight, t.judged) };
}

export function landmarksOf(t: Tally): Landmark[] {
  return [...t.landmarks.entries()]
    .map(([name, v]) => ({ name, kind: v.kind, n_scenes: v.n }))
    .sort((a, b) => b.n_scenes - a.n_scenes || (a.name < b.name ? -1 : 1));
}

/**
 * Coverage grade from judged scenes, distinct capture years and sequences: A (≥45 judged, ≥3 years, ≥4 sequences),
 * B (≥30, ≥2 years), C (≥18), else D. A-C have a karte, D has numbers only.
 */
export function gradeOf(t: Tally): 'A' | 'B' | 'C' | 'D' {
  const years = knownYearCount(t);
  if (t.judged >= 45 && years >= 3 && t.sequences.size >= 4) return 'A';
  if (t.judged >= 30 && years >= 2) return 'B';
  if (t.judged >= 18) return 'C';
  return 'D';
}
