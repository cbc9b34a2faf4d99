import type { GenerationsBody, MetaBody } from '../../generated/place-lookup/types.gen.ts';
import type { ServedRelease } from '../data/served-release.ts';
import { orderGenerations } from './generations.ts';

// /v1/meta and /v1/generations. Every count is the value the manifest fixed when the release was built: nothing is
// recounted per request, so these numbers stay the same for the life of the release (and differ from search and
// coverage totals, which counting_notes explains).

// One process serves the whole release from one store; the field exists for deployments that split scene data.
const unsharded: MetaBody['sharding'] = {
  active: false,
  shard_count: 1,
  shards: ['single'],
  routing: 'none: one server process answers every request from the whole served release in one store',
};

export function releaseOf(data: ServedRelease): MetaBody['release'] {
  const { record } = data;
  return {
    release_id: record.release_id,
    status: record.status,
    created_at: record.created_at,
    published_at: record.published_at,
    data_as_of: record.data_as_of,
  };
}

export function describeRelease(data: ServedRelease): MetaBody {
  const { manifest } = data;
  return {
    release: releaseOf(data),
    counts: manifest.counts,
    machine_feature_coverage: manifest.machine_feature_coverage,
    years: manifest.years,
    sharding: unsharded,
    generations: orderGenerations(data.generations, manifest.default_generation),
    metrics: manifest.metrics as MetaBody['metrics'],
    counting_notes: manifest.counting_notes,
  };
}

export function describeGenerations(data: ServedRelease): GenerationsBody {
  return {
    default_generation: data.manifest.default_generation,
    governance: data.manifest.generation_governance,
    generations: orderGenerations(data.generations),
  };
}
