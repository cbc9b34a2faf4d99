// What a release loaded into a running server must show before it is swapped in: the rows the manifest counts
// (a load that lost rows, or a store that holds fewer than ingest wrote, fails here), a scene index that finds a
// scene where it lies, and a search corpus within the scene count. A failure names what differs.
import type { ServedRelease } from '../data/served-release.ts';
import { findNearbyScenes } from '../geo/scene-index.ts';

export class ReleaseCheckError extends Error {
  override name = 'ReleaseCheckError';
}

function loadedCounts(release: ServedRelease): Record<string, number> {
  let amenities = 0;
  for (const { rows } of release.amenities.values()) amenities += rows.length;
  return {
    scenes: release.scenes.light.count,
    streets: release.streets.rows.length,
    edges: release.edges.rows.length,
    areas: release.areas.rows.length,
    changes: release.changes.rows.length,
    amenities,
    generations: release.generations.length,
  };
}

/** Throws ReleaseCheckError naming the first problem; `searchScenes` is the size of the release's search corpus. */
export function checkLoadedRelease(release: ServedRelease, searchScenes: number): void {
  const expected = release.manifest.row_counts as Record<string, number | undefined>;
  for (const [table, count] of Object.entries(loadedCounts(release))) {
    const stated = expected[table];
    if (stated !== undefined && stated !== count) {
      throw new ReleaseCheckError(`${table}: ${count} rows loaded, the manifest states ${stated}`);
    }
  }
  const { rowOf, light, index } = release.scenes;
  if (rowOf.length > 0) {
    const row = rowOf[0] as number;
    const lat = light.lats[row] as number;
    const lon = light.lons[row] as number;
    const { hits } = findNearbyScenes(index, { lat, lon, radiusM: 10, limit: 1 });
    if (hits.length === 0) throw new ReleaseCheckError(`a nearby query at scene ${light.ids[row]} found nothing`);
  }
  if (searchScenes > light.count || (rowOf.length > 0 && searchScenes === 0)) {
    throw new ReleaseCheckError(`the search index holds ${searchScenes} scenes for ${light.count} in the release`);
  }
}
