import { describeExploreScene } from '../../core/scenery-search/detail.ts';
import type { GetSceneData } from '../../generated/scenery-search/types.gen.ts';
import type { HandlerContext, InputOf } from '../types.ts';

export default function getScene(input: InputOf<GetSceneData>, ctx: HandlerContext) {
  return describeExploreScene(input.path.scene_id, ctx);
}
