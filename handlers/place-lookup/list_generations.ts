import { orderGenerations } from '../../core/catalog/generations.ts';
import type { ListGenerationsData, ListGenerationsResponses } from '../../generated/place-lookup/types.gen.ts';
import type { HandlerContext, InputOf, PlaceReply } from '../types.ts';

// GET /v1/generations: every observation generation of the release, version descending, with the default one and the
// rules that govern releasing them.

export default function listGenerations(
  _input: InputOf<ListGenerationsData>,
  ctx: HandlerContext,
): PlaceReply<ListGenerationsResponses> {
  const { manifest } = ctx.data;
  return {
    default_generation: manifest.default_generation,
    governance: manifest.generation_governance,
    generations: orderGenerations(ctx.data.generations),
  };
}
