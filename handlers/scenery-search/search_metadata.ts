import { readFileSync } from 'node:fs';
import { CORE_SCHEMA, load } from 'js-yaml';
import type { ServedRelease } from '../../core/data/served-release.ts';
import { CATEGORIES_FILE, type CategoryCatalog, loadCatalog } from '../../core/scenery-search/categories.ts';
import { searchBudget, searchDefaults, searchLimits } from '../../core/scenery-search/contract.ts';
import { API_VERSION, apiBaseOf, scenerySearchLicenseOf } from '../../core/scenery-search/links.ts';
import type {
  Manifest,
  ModeInfo,
  PresetId,
  SearchDefaults,
  SearchFeatures,
  SearchMetadataData,
  SearchMetadataResponses,
  SearchMode,
  Ward,
} from '../../generated/scenery-search/types.gen.ts';
import type { HandlerContext, InputOf, SearchReply } from '../types.ts';

// GET /explore/api/meta: the release, its wards, the API's links and what the search understands. Defaults, limits
// and budget are the spec's own (core/scenery-search/contract.ts), so this page cannot drift from what is enforced.

export default function searchMetadata(
  _input: InputOf<SearchMetadataData>,
  ctx: HandlerContext,
): SearchReply<SearchMetadataResponses> {
  const release = ctx.data;
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
    manifest: manifestOf(release, counts),
    wards: wardsOf(release, counts),
    links: {
      self: `${base}/meta`,
      search: `${base}/search`,
      scene: `${base}/scene/{scene_id}`,
      openapi: `${base}/openapi.json`,
    },
    search_features: searchFeatures(),
    license: scenerySearchLicenseOf(release),
  };
}

// Response objects are open (spec: "later explore-v1 releases may add optional keys"): the manifest also says as of
// when the data is, and each ward its kind.
type Counts = ReturnType<typeof searchableCounts>;

function manifestOf(release: ServedRelease, counts: Counts): Manifest & { data_as_of: string | null | undefined } {
  const { manifest } = release;
  return {
    release_id: release.record.release_id,
    status: manifest.status === 'published' ? 'published' : 'staged',
    created_at: manifest.created_at,
    synthetic: manifest.synthetic,
    n_scenes: counts.total,
    capture_years: counts.years,
    data_as_of: manifest.data_as_of,
  };
}

function wardsOf(release: ServedRelease, counts: Counts): (Ward & { kind: string })[] {
  return release.manifest.wards.map((ward) => ({
    label: ward.label,
    label_en: ward.label_en,
    kind: ward.kind,
    n_scenes: counts.byWard.get(ward.label) ?? 0,
  }));
}

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

const counted = new WeakMap<ServedRelease, Counts>();

const modeInfo: Record<SearchMode, Omit<ModeInfo, 'id'>> = {
  jev: {
    judged: true,
    description: 'A relevance judge reads the full observations of the candidates and ranks them.',
  },
  text: {
    judged: false,
    description: 'Indexed words and tags only; no judge calls; not every condition is verified.',
  },
};

let features: SearchFeatures | undefined;

function featuresOf(catalog: CategoryCatalog, version: number): SearchFeatures {
  const { ward, year_from, year_to, mode, limit } = searchDefaults;
  return {
    version,
    categories: catalog.categories.map((c) => ({ id: c.id, label: c.label, label_en: c.label_en, group: c.group })),
    groups: catalog.groups.map((g) => ({ id: g.id, label: g.label, label_en: g.label_en })),
    // The catalog's preset ids are the spec's PresetId enum; the integration tests check this page against the spec.
    presets: catalog.presets.map((p) => ({
      id: p.id as PresetId,
      label: p.label,
      label_en: p.label_en,
      description: p.description,
      categories: p.categories,
    })),
    defaults: { ward, year_from, year_to, mode, limit } as SearchDefaults,
    modes: Object.entries(modeInfo).map(([id, info]) => ({ id: id as SearchMode, ...info })),
    budget: { ...searchBudget },
    limits: { ...searchLimits },
  };
}

function searchFeatures(): SearchFeatures {
  if (!features) {
    const { version } = load(readFileSync(CATEGORIES_FILE, 'utf8'), { schema: CORE_SCHEMA }) as { version?: number };
    features = featuresOf(loadCatalog(), version ?? 1);
  }
  return features;
}
