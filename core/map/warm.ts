import type { ServedRelease } from '../data/served-release.ts';
import { mapConfigOf } from './config.ts';
import { recordLayersOf } from './record-layers.ts';
import { sceneKeysOf } from './scene-keys.ts';

/**
 * Builds the map's structures of a release (the page's configuration, the scene ordering behind the tiles, the
 * record layers) ahead of its first visitor, who would otherwise wait for them: 6-9 s at 1 M scenes. A start runs
 * this once it listens, a live switch before the swap.
 */
export async function warmMap(release: ServedRelease): Promise<void> {
  sceneKeysOf(release.scenes);
  mapConfigOf(release);
  await recordLayersOf(release);
}
