// The indexes the geo bench queries, each built once on the synthetic city with its build measured (time, CPU,
// memory held): the scene KD-tree as the server builds it, rbush on the same points for comparison, the amenity,
// edge and block indexes. Returns them with the rows of the build table.
import { DEFAULT_CELLS_PER_POINT } from '../../../core/geo/count-grid.ts';
import { LineIndex } from '../../../core/geo/line-index.ts';
import { PointIndex } from '../../../core/geo/point-index.ts';
import { PolygonIndex } from '../../../core/geo/polygon-index.ts';
import { buildSceneIndex, makeSceneTieBreak } from '../../../core/geo/scene-index.ts';
import { type Built, measureBuild } from './measure.ts';
import type { GeoOptions } from './options.ts';
import { loadRBush, type RBushNearby, rbushNearbyOf } from './rbush-baseline.ts';
import { AMENITIES, type City } from './synthetic-city.ts';

export type GeoIndexes = ReturnType<typeof buildIndexes>;

export function buildIndexes(city: City, options: GeoOptions) {
  const { points, leaf, gridCells } = options;
  const compareTies = makeSceneTieBreak(city.years, city.ids);
  const buildRows: string[][] = [];
  const row = (label: string, built: Built<unknown>, digits: number, rss: boolean, note = '') =>
    buildRows.push([
      label,
      built.ms.toFixed(digits),
      built.cpuMs.toFixed(digits),
      built.heapMb.toFixed(1),
      rss ? built.rssMb.toFixed(1) : '',
      note,
    ]);

  const scenes = measureBuild(`scene index (${points} points)`, () =>
    buildSceneIndex(
      { lats: city.lats, lons: city.lons, captureYears: city.years, ids: city.ids },
      { leafSize: leaf, ...(gridCells === undefined ? {} : { countGridCellsPerPoint: gridCells }) },
    ),
  );
  row(
    `scenes: static KD-tree, leaf ${leaf}, count grid ${gridCells ?? DEFAULT_CELLS_PER_POINT} cells per point`,
    scenes,
    0,
    true,
    `${(scenes.ms / (points / 1e6)).toFixed(0)} ms per million (target ≤ 1000)`,
  );
  let rbushNearby: RBushNearby | undefined;
  if (options.withRbush) {
    const rbush = measureBuild('rbush (bulk load)', () => loadRBush(city, points));
    rbushNearby = rbushNearbyOf(rbush.value, compareTies);
    row('scenes: rbush 4 bulk load (for comparison)', rbush, 0, true);
  }
  const amenities = measureBuild('amenity index', () => PointIndex.build(city.amenityLats, city.amenityLons));
  row(`amenities: KD-tree (${AMENITIES})`, amenities, 1, false);
  const lines = measureBuild('edge index', () => LineIndex.build(city.edges));
  row(`edges: LineIndex (${city.edges.length})`, lines, 1, false);
  const blocks = measureBuild('block index', () => PolygonIndex.build(city.blocks));
  row(`blocks: PolygonIndex (${city.blocks.length})`, blocks, 1, false);

  return {
    compareTies,
    scenes: scenes.value,
    rbushNearby,
    amenities: amenities.value,
    lines: lines.value,
    blocks: blocks.value,
    buildRows,
  };
}
