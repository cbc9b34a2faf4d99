/** Absolute URLs and the license of /explore/api responses. */
import type { ServedRelease } from '../data/served-release.ts';
import { imagePageOf } from '../scenes/items.ts';
import type { SceneLinks } from './results.ts';

export const API_VERSION = 'explore-v1';

// Links are absolute on the configured public origin (ctx.origin: PUBLIC_BASE_URL, else the listening address).
export function apiBaseOf(origin: string): string {
  return `${origin}/explore/api`;
}

export function sceneLinksOf(base: string, release: ServedRelease, sceneId: string): SceneLinks {
  const detail = `${base}/scene/${encodeURIComponent(sceneId)}`;
  const image = imagePageOf(release.manifest.image_page_template, sceneId);
  return { detail, observation: `${detail}#/observation`, image, source: image };
}

/** The part of the release's layered license that applies to observations (spec: License). */
export function scenerySearchLicenseOf(release: ServedRelease) {
  const license = release.manifest.license;
  return {
    id: license.id,
    url: license.url,
    summary: license.summary,
    summary_en: license.summary_en,
    attribution: license.attribution,
    attribution_en: license.attribution_en,
    notices: license.notices,
    layers: { ...license.layers },
    linked_only: { ...license.linked_only },
  };
}
