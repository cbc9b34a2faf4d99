import { orderGenerations } from '../../core/catalog/generations.ts';
import { choosePolicy, DEFAULT_QUALITY } from '../../core/data/quality.ts';
import type { ServedRelease } from '../../core/data/types.ts';
import type { GetMetaData, GetMetaResponses, MetaBody } from '../../generated/place-lookup/types.gen.ts';
import type { HandlerContext, InputOf, PlaceReply } from '../types.ts';

// GET /v1/meta: the served release, its counts, years, generations (the default first, as its MCP tool promises) and
// metrics. Every count is the value the manifest fixed when the release was built: nothing is recounted per request,
// so these numbers stay the same for the life of the release (and differ from search and coverage totals, which
// counting_notes explains).

// One process serves the whole release from one store; the field exists for deployments that split scene data.
const unsharded: MetaBody['sharding'] = {
  active: false,
  shard_count: 1,
  shards: ['single'],
  routing: 'none: one server process answers every request from the whole served release in one store',
};

type Whereabouts = Pick<MetaBody, 'extent' | 'example_point'>;

// Computed on the first read of a release (one pass over its scenes) and kept as long as the release is served.
const whereaboutsOf = new WeakMap<ServedRelease, Whereabouts>();

/**
 * The box around the served scenes, and the served scene nearest their mean position among those the default nearby
 * query returns: a scene's own position is within any radius of itself, so nearby there answers at least that scene.
 * Equal distances go to the smaller id.
 */
function whereabouts(release: ServedRelease): Whereabouts {
  const known = whereaboutsOf.get(release);
  if (known) return known;
  const { light, rowOf } = release.scenes;
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  let [latSum, lonSum] = [0, 0];
  for (const row of rowOf) {
    const lat = light.lats[row] as number;
    const lon = light.lons[row] as number;
    west = Math.min(west, lon);
    east = Math.max(east, lon);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
    latSum += lat;
    lonSum += lon;
  }
  const served = rowOf.length;
  const shown = choosePolicy(light, DEFAULT_QUALITY, null);
  const centre = { lat: latSum / served, lon: lonSum / served };
  // Degrees of longitude shrink with latitude; this scale makes the comparison of distances near the centre fair.
  const lonScale = Math.cos((centre.lat * Math.PI) / 180);
  let best = -1;
  let bestDistance = Infinity;
  for (const row of rowOf) {
    if (shown.pick(row) < 0) continue;
    const dLat = (light.lats[row] as number) - centre.lat;
    const dLon = ((light.lons[row] as number) - centre.lon) * lonScale;
    const distance = dLat * dLat + dLon * dLon;
    const closer =
      distance < bestDistance ||
      (distance === bestDistance && (light.ids[row] as string) < (light.ids[best] as string));
    if (closer) [best, bestDistance] = [row, distance];
  }
  const found: Whereabouts = {
    extent: served === 0 ? null : [south, west, north, east],
    example_point: best < 0 ? null : { lat: light.lats[best] as number, lon: light.lons[best] as number },
  };
  whereaboutsOf.set(release, found);
  return found;
}

export default function getMeta(_input: InputOf<GetMetaData>, ctx: HandlerContext): PlaceReply<GetMetaResponses> {
  const { manifest, record } = ctx.data;
  return {
    release: {
      release_id: record.release_id,
      status: record.status,
      created_at: record.created_at,
      published_at: record.published_at,
      data_as_of: record.data_as_of,
    },
    counts: manifest.counts,
    machine_feature_coverage: manifest.machine_feature_coverage,
    years: manifest.years,
    ...whereabouts(ctx.data),
    sharding: unsharded,
    generations: orderGenerations(ctx.data.generations, manifest.default_generation),
    metrics: manifest.metrics as MetaBody['metrics'],
    counting_notes: manifest.counting_notes,
  };
}
