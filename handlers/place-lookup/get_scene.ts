import type { GetSceneData } from '../../generated/place-lookup/types.gen.ts';
import { notYetImplemented } from '../not-yet.ts';
import type { HandlerContext, InputOf } from '../types.ts';

export default function getScene(_input: InputOf<GetSceneData>, _ctx: HandlerContext): never {
  throw notYetImplemented('get_scene', 'the release store');
}
