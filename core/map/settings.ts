import { readSpec, specFiles, specParameter } from '../spec.ts';

// The map's numbers, written once in spec/map.openapi.yaml (`x-map` and the tile operation's parameters).

export const layerIds = ['scenes', 'streets', 'areas', 'changes', 'amenities', 'schools'] as const;
export type LayerId = (typeof layerIds)[number];

export interface MapSettings {
  scenePointsFromZoom: number;
  densityCellsPerSide: number;
  maxFeatures: number;
  maxZoom: number;
  minZoom: Record<LayerId, number>;
}

function integer(value: unknown, name: string): number {
  if (!Number.isInteger(value)) throw new Error(`spec/map.openapi.yaml: ${name} is not an integer`);
  return value as number;
}

function readSettings(): MapSettings {
  const spec = readSpec(specFiles.map);
  const declared = (spec.document['x-map'] ?? {}) as Record<string, unknown>;
  const minZoom = (declared.min_zoom ?? {}) as Record<string, unknown>;
  const cells = integer(declared.density_cells_per_side, 'x-map.density_cells_per_side');
  // Cells are quadtree nodes of the tile: their count per side must be a power of two.
  if (cells < 1 || (cells & (cells - 1)) !== 0) throw new Error('x-map.density_cells_per_side: not a power of two');
  const maxFeatures = integer(declared.max_features, 'x-map.max_features');
  // A density tile answers every cell: all of them must fit under the cap.
  if (cells * cells > maxFeatures) throw new Error('x-map: density_cells_per_side² exceeds max_features');
  return {
    scenePointsFromZoom: integer(declared.scene_points_from_zoom, 'x-map.scene_points_from_zoom'),
    densityCellsPerSide: cells,
    maxFeatures,
    maxZoom: integer(specParameter(spec, 'get_map_tile', 'z').schema.maximum, 'the maximum of z'),
    minZoom: Object.fromEntries(layerIds.map((id) => [id, integer(minZoom[id], `x-map.min_zoom.${id}`)])) as Record<
      LayerId,
      number
    >,
  };
}

export const mapSettings: MapSettings = readSettings();
