import { orderGenerations } from '../../core/catalog/generations.ts';
import { whereabouts } from '../../core/data/whereabouts.ts';
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
