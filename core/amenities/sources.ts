import type { ServedRelease } from '../data/served-release.ts';
import type { AmenitySources } from './search.ts';

// What the amenity search reads from the served release: the per-kind indexes and the manifest's dataset entries.
export function amenitySources(data: ServedRelease): AmenitySources {
  return {
    layers: data.amenities,
    datasets: data.manifest.amenity_datasets ?? {},
    imagePageTemplate: data.manifest.image_page_template,
  };
}
