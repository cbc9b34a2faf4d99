import { describeScene } from '../../core/scenes/detail.ts';
import type { GetSceneData } from '../../generated/place-lookup/types.gen.ts';
import type { HandlerContext, InputOf } from '../types.ts';

export default function getScene(input: InputOf<GetSceneData>, ctx: HandlerContext) {
  return describeScene(input.path.id, input.query ?? {}, ctx);
}
