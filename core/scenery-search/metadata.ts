/** GET /explore/api/meta: the release, its wards, the API's links and what the search understands. */
import { readFileSync } from 'node:fs';
import { CORE_SCHEMA, load } from 'js-yaml';
import type { HandlerContext } from '../context.ts';
import type { ServedRelease } from '../data/served-release.ts';
import { CATEGORIES_FILE, type CategoryCatalog, loadCatalog } from './categories.ts';
import { BUDGET } from './engine.ts';
import { API_VERSION, apiBaseOf, exploreLicenseOf } from './links.ts';

const RELEASED = 1;

/** Non-quarantined scenes with a released observation in some generation: what search can return. */
function searchableCounts(release: ServedRelease) {
  const { light } = release.scenes;
  const byWard = new Map<string, number>();
  let total = 0;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let row = 0; row < light.count; row++) {
    if (light.quarantined[row] !== 0) continue;
    if (!light.statusByGeneration.some((statuses) => statuses[row] === RELEASED)) continue;
    total++;
    const ward = light.wards[row];
    if (ward) byWard.set(ward, (byWard.get(ward) ?? 0) + 1);
    const year = light.captureYears[row];
    if (year != null) {
      min = Math.min(min, year);
      max = Math.max(max, year);
    }
  }
  return { total, byWard, years: Number.isFinite(min) ? { min, max } : null };
}

const counted = new WeakMap<ServedRelease, ReturnType<typeof searchableCounts>>();
let features: ReturnType<typeof featuresOf> | undefined;

function featuresOf(catalog: CategoryCatalog, version: number) {
  return {
    version,
    categories: catalog.categories.map((c) => ({ id: c.id, label: c.label, label_en: c.label_en, group: c.group })),
    groups: catalog.groups.map((g) => ({ id: g.id, label: g.label, label_en: g.label_en })),
    presets: catalog.presets.map((p) => ({
      id: p.id,
      label: p.label,
      label_en: p.label_en,
      description: p.description,
      categories: p.categories,
    })),
    defaults: { ward: '', year_from: 2018, year_to: null, mode: 'jev', limit: 24 },
    modes: [
      {
        id: 'jev',
        judged: true,
        description: 'A relevance judge reads the full observations of the candidates and ranks them.',
      },
      {
        id: 'text',
        judged: false,
        description: 'Indexed words and tags only; no judge calls; not every condition is verified.',
      },
    ],
    budget: { ...BUDGET },
    limits: {
      query_max_length: 200,
      ward_max_length: 30,
      limit_max: 24,
      year_from_min: 2000,
      year_max: 2026,
      year_to_min: 1900,
      cursor_ttl_s: 3600,
      body_max_bytes: 8192,
      requests_per_minute: 20,
    },
  };
}

function searchFeatures() {
  if (!features) {
    const { version } = load(readFileSync(CATEGORIES_FILE, 'utf8'), { schema: CORE_SCHEMA }) as { version?: number };
    features = featuresOf(loadCatalog(), version ?? 1);
  }
  return features;
}

export function describeExplore(ctx: HandlerContext) {
  const release = ctx.data;
  const { manifest } = release;
  let counts = counted.get(release);
  if (!counts) {
    counts = searchableCounts(release);
    counted.set(release, counts);
  }
  const base = apiBaseOf(ctx.origin);
  return {
    api_version: API_VERSION,
    source_release: release.record.release_id,
    data_language: 'ja',
    manifest: {
      release_id: release.record.release_id,
      status: manifest.status === 'published' ? 'published' : 'staged',
      created_at: manifest.created_at,
      synthetic: manifest.synthetic,
      n_scenes: counts.total,
      capture_years: counts.years,
      data_as_of: manifest.data_as_of,
    },
    wards: manifest.wards.map((ward) => ({
      label: ward.label,
      label_en: ward.label_en,
      kind: ward.kind,
      n_scenes: counts.byWard.get(ward.label) ?? 0,
    })),
    links: { self: `${base}/meta`, search: `${base}/search`, scene: `${base}/scene/{scene_id}` },
    search_features: searchFeatures(),
    license: exploreLicenseOf(release),
  };
}
