/** Names a model reads off signs now and then, with what each name states (text-labels.yaml). */
import type { LandmarkPlace } from './landmarks.ts';
import type { Rng } from './rng.ts';
import { type Statement, signLabels } from './text-labels.ts';

/** A model reads names off signs now and then: shrine plaques, shop-street gates, street-name signs. */
export function readSigns(
  rng: Rng,
  story: { landmarks: readonly LandmarkPlace[]; streetName: string | null },
  has: (id: string) => boolean,
  version: 1 | 2,
): Statement[] {
  const out: Statement[] = [];
  const end = version === 2 ? 'が読み取れる。' : 'が読めます。';
  const sign = (text: string, kind: string): Statement => ({ where: 'analysis', text, ...signLabels(kind) });
  for (const place of story.landmarks) {
    const visible =
      (place.kind === '神社' && (has('torii') || has('shrine_building'))) ||
      (place.kind === '寺院' && has('temple_building')) ||
      (place.kind === '商店街' && (has('covered_arcade') || has('shopping_street'))) ||
      (place.kind === '公園' && has('park')) ||
      (place.kind === '倉庫群' && has('brick_warehouse')) ||
      (place.kind === '灯台' && has('lighthouse'));
    if (visible && rng.chance(0.5)) out.push(sign(`「${place.name}」と書かれた表示${end}`, place.kind));
  }
  if (story.streetName && has('road_signs') && rng.chance(0.3))
    out.push(sign(`道路標識に「${story.streetName}」の文字${end}`, '道路標識'));
  return out;
}
