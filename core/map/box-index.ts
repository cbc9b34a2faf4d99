import RBush from 'rbush';
import type { IndexedBox } from '../geo/bounding-box.ts';
import type { TileBox } from './tile-math.ts';

// Records by bounding box, for "which records meet this tile": an R-tree over the records' boxes in degrees. Hits
// are answered in record order (the rows are loaded ordered by id), so a capped tile keeps the same records on every
// request.

export interface RecordBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

export class BoxIndex {
  readonly #tree: RBush<IndexedBox>;

  constructor(boxes: readonly RecordBox[]) {
    this.#tree = new RBush<IndexedBox>(9).load(
      boxes.map((box, index) => ({ minX: box.west, minY: box.south, maxX: box.east, maxY: box.north, index })),
    );
  }

  /** Indexes of the records whose box meets the tile (edges included), ascending. */
  search(tile: TileBox): number[] {
    const hits = this.#tree.search({ minX: tile.west, minY: tile.south, maxX: tile.east, maxY: tile.north });
    return hits.map((hit) => hit.index).sort((a, b) => a - b);
  }
}

export function pointBox(lat: number, lon: number): RecordBox {
  return { west: lon, south: lat, east: lon, north: lat };
}

/** The box around positions given as [lat, lon] or, with `lonFirst`, as GeoJSON [lon, lat]. */
export function boxOf(positions: readonly (readonly number[])[], lonFirst = false): RecordBox {
  const box = { west: Infinity, south: Infinity, east: -Infinity, north: -Infinity };
  for (const at of positions) {
    const lat = (lonFirst ? at[1] : at[0]) as number;
    const lon = (lonFirst ? at[0] : at[1]) as number;
    box.west = Math.min(box.west, lon);
    box.east = Math.max(box.east, lon);
    box.south = Math.min(box.south, lat);
    box.north = Math.max(box.north, lat);
  }
  return box;
}
