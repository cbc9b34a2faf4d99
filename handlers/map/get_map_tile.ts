import { mapTile } from '../../core/map/tiles.ts';
import type { GetMapTileData, GetMapTileResponses } from '../../generated/map/types.gen.ts';
import type { HandlerContext, InputOf, MapReply } from '../types.ts';

// GET /map/api/tiles/{layer}/{z}/{x}/{y}: one layer's records in one Web-Mercator tile, as GeoJSON.
export default function getMapTile(
  input: InputOf<GetMapTileData>,
  ctx: HandlerContext,
): Promise<MapReply<GetMapTileResponses>> {
  const { year, category, status, kind } = input.query ?? {};
  return mapTile(ctx.data, { ...input.path, year, category, status, kind });
}
