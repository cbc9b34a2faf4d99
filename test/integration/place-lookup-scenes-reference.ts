import { haversineMeters } from '../../core/geo/haversine.ts';
import type { Store } from '../../core/store/index.ts';

// An independent reading of the documented scene rules, straight from the store's tables with plain SQL and brute
// force: what nearby and coverage must answer for the demo release. It shares no code with core/place.

export type Quality = 'released' | 'include_experimental' | 'experimental_only';

export interface SceneRef {
  id: string;
  lat: number;
  lon: number;
  capture_year: number | null;
  capture_time_quality: string;
  quarantined: boolean;
  position_source: string;
  ward: string | null;
  view_class: string | null;
  travel_bearing: number | null;
  is_pano: boolean | null;
  raw_lat: number | null;
  raw_lon: number | null;
  computed_lat: number | null;
  computed_lon: number | null;
}

interface VerbalizationRef {
  scene_id: string;
  generation_id: string;
  status: string;
  model: string | null;
  prompt_version: string | null;
  summary: string;
  analysis_status: string;
  analysis_json: string;
}

interface ChangeRef {
  lat: number;
  lon: number;
  status: string;
}

export interface NearbyParams {
  lat: number;
  lon: number;
  radius_m: number;
  limit: number;
  quality?: Quality;
  generation?: string;
  year_from?: number;
  year_to?: number;
}

export type CoverageParams = Omit<NearbyParams, 'limit'> & { withQuarantined?: boolean };

// Ids are digit strings: shorter is smaller, then character order.
const compareIds = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

export async function loadReference(store: Store, releaseId: string) {
  const scenes: SceneRef[] = await store.query<SceneRef & Record<string, unknown>>(
    `SELECT id, lat, lon, capture_year, capture_time_quality, quarantined, position_source, ward, view_class,
            travel_bearing, is_pano, raw_lat, raw_lon, computed_lat, computed_lon
     FROM scenes WHERE release_id = $1 ORDER BY id`,
    [releaseId],
  );
  const verbalizations = await store.query<VerbalizationRef & Record<string, unknown>>(
    `SELECT scene_id, generation_id, status, model, prompt_version, summary, analysis_status, analysis_json
     FROM verbalizations WHERE release_id = $1`,
    [releaseId],
  );
  const generations = await store.query<{ id: string; version: number }>(
    'SELECT id, version FROM generations WHERE release_id = $1',
    [releaseId],
  );
  const changes = await store.query<ChangeRef & Record<string, unknown>>(
    'SELECT lat, lon, status FROM changes WHERE release_id = $1',
    [releaseId],
  );
  const machine = await store.query<{ node_id: string }>('SELECT node_id FROM machine_features WHERE release_id = $1', [
    releaseId,
  ]);
  const [manifest] = await store.query<{ manifest: { image_page_template: string } }>(
    'SELECT manifest FROM releases WHERE release_id = $1',
    [releaseId],
  );

  const versions = new Map(generations.map((g) => [g.id, Number(g.version)]));
  const versionOf = (id: string) => versions.get(id) ?? 0;
  const byScene = new Map<string, VerbalizationRef[]>();
  for (const v of verbalizations) byScene.set(v.scene_id, [...(byScene.get(v.scene_id) ?? []), v]);
  const verbalizationsOf = (id: string) => byScene.get(id) ?? [];

  function expectedGeneration(id: string, quality: Quality, generation?: string): string | null {
    const own = verbalizationsOf(id);
    if (generation) return own.some((v) => v.generation_id === generation) ? generation : null;
    const newestFirst = [...own].sort((a, b) => versionOf(b.generation_id) - versionOf(a.generation_id));
    const statuses =
      quality === 'released'
        ? ['released']
        : quality === 'experimental_only'
          ? ['experimental']
          : ['released', 'experimental'];
    for (const status of statuses) {
      const found = newestFirst.find((v) => v.status === status);
      if (found) return found.generation_id;
    }
    return null;
  }

  const inYears = (year: number | null, p: { year_from?: number; year_to?: number }) =>
    (p.year_from === undefined && p.year_to === undefined) ||
    (year !== null &&
      (p.year_from === undefined || year >= p.year_from) &&
      (p.year_to === undefined || year <= p.year_to));

  function within(p: { lat: number; lon: number; radius_m: number }, withQuarantined = false) {
    return scenes
      .filter((s) => withQuarantined || !s.quarantined)
      .map((s) => ({ scene: s, d: haversineMeters(p.lat, p.lon, s.lat, s.lon) }))
      .filter((hit) => hit.d <= p.radius_m);
  }

  function nearby(p: NearbyParams) {
    return within(p)
      .sort(
        (a, b) =>
          a.d - b.d ||
          (a.scene.capture_year === b.scene.capture_year
            ? 0
            : a.scene.capture_year === null
              ? 1
              : b.scene.capture_year === null
                ? -1
                : b.scene.capture_year - a.scene.capture_year) ||
          compareIds(a.scene.id, b.scene.id),
      )
      .filter((hit) => inYears(hit.scene.capture_year, p))
      .map((hit) => ({
        id: hit.scene.id,
        generation: expectedGeneration(hit.scene.id, p.quality ?? 'released', p.generation),
      }))
      .filter((hit) => hit.generation !== null)
      .slice(0, p.limit);
  }

  function supportedChangesWithin(lat: number, lon: number, radius: number): number {
    return changes.filter((c) => c.status === 'supported' && haversineMeters(lat, lon, c.lat, c.lon) <= radius).length;
  }

  function coverage(p: CoverageParams) {
    const counted = within(p, p.withQuarantined).filter((hit) => inYears(hit.scene.capture_year, p));
    const byYear: Record<string, number> = {};
    const byGeneration: Record<string, number> = {};
    let total = 0;
    let latest: number | null = null;
    for (const { scene } of counted) {
      const generation = expectedGeneration(scene.id, p.quality ?? 'released', p.generation);
      if (generation === null) continue;
      total++;
      const year = scene.capture_year === null ? 'unknown' : String(scene.capture_year);
      byYear[year] = (byYear[year] ?? 0) + 1;
      byGeneration[generation] = (byGeneration[generation] ?? 0) + 1;
      if (scene.capture_year !== null && (latest === null || scene.capture_year > latest)) latest = scene.capture_year;
    }
    const has = (id: string, status: string) => verbalizationsOf(id).some((v) => v.status === status);
    return {
      scenes_total: total,
      scenes_by_year: byYear,
      scenes_by_generation: byGeneration,
      released_count: counted.filter((hit) => has(hit.scene.id, 'released')).length,
      experimental_count: counted.filter((hit) => has(hit.scene.id, 'experimental')).length,
      latest_year: latest,
      n_changes: supportedChangesWithin(p.lat, p.lon, p.radius_m),
      candidate_truncated: false,
    };
  }

  return {
    scenes,
    sceneById: new Map(scenes.map((s) => [s.id, s])),
    quarantined: scenes.filter((s) => s.quarantined),
    changes,
    machineIds: new Set(machine.map((row) => row.node_id)),
    imagePageTemplate: manifest?.manifest.image_page_template ?? '',
    versionOf,
    verbalizationsOf,
    verbalization: (id: string, generation: string) => verbalizationsOf(id).find((v) => v.generation_id === generation),
    availableGenerations: (id: string) =>
      verbalizationsOf(id)
        .map((v) => ({ id: v.generation_id, status: v.status, version: versionOf(v.generation_id) }))
        .sort((a, b) => a.version - b.version),
    generationHasExperimental: (generation: string) =>
      verbalizations.some((v) => v.generation_id === generation && v.status === 'experimental'),
    expectedGeneration,
    nearby,
    coverage,
    supportedChangesWithin,
    /** The id of the first scene (in id order) that fits, failing loudly when the demo has none. */
    find(predicate: (scene: SceneRef) => boolean): string {
      const found = scenes.find(predicate);
      if (!found) throw new Error('the demo release has no scene of this kind');
      return found.id;
    },
  };
}

export type Reference = Awaited<ReturnType<typeof loadReference>>;
