/** Categories decided by when a photo was taken (season, weather, time of day), not by where. */
import type { PlaceContext } from './affinity.ts';
import type { Rng } from './rng.ts';

export type Weather = 'sunny' | 'cloudy' | 'rain' | 'snow';

export interface CaptureMoment {
  month: number;
  hour: number;
  weather: Weather;
}

const TREE_IDS = ['street_trees', 'park', 'large_tree', 'woodland', 'tree_tunnel', 'hedge', 'pine_trees'];

/** Seasonal, weather and light categories for one scene, given what it already shows. */
export function seasonalCategories(
  rng: Rng,
  moment: CaptureMoment,
  shows: (id: string) => boolean,
  tags: readonly PlaceContext[],
): string[] {
  const { month, hour, weather } = moment;
  const out: string[] = [];
  const trees = TREE_IDS.some(shows) || tags.includes('park') || tags.includes('river') || tags.includes('shrine');
  const add = (id: string, p: number) => {
    if (p > 0 && rng.chance(p)) out.push(id);
  };
  if (month === 4 || (month === 3 && rng.chance(0.4))) add('cherry_blossoms', trees ? 0.45 : 0.06);
  if (month === 2 || month === 3)
    add('plum_blossoms', tags.includes('temple') || tags.includes('shrine') || tags.includes('park') ? 0.3 : 0.06);
  if (month === 4 || month === 5)
    add('azaleas', shows('hedge') || tags.includes('park') || tags.includes('arterial') ? 0.25 : 0.04);
  if (month === 6)
    add('hydrangeas', tags.includes('residential') || tags.includes('temple') || tags.includes('hills') ? 0.3 : 0.08);
  if (month === 4 || month === 5) add('fresh_greenery', trees ? 0.35 : 0.08);
  if (month === 11) add('autumn_leaves', trees || tags.includes('hills') ? 0.35 : 0.05);
  if (month === 10 || month === 12) add('autumn_leaves', trees ? 0.1 : 0);
  if (month === 11 || month === 12)
    add('ginkgo_yellow', shows('street_trees') || tags.includes('arterial') ? 0.3 : 0.02);
  if (month === 11 || month === 12 || month === 1) add('fallen_leaves', trees ? 0.25 : 0.03);
  if (month >= 4 && month <= 7) add('roadside_wildflowers', 0.07);
  if (month >= 3 && month <= 5 && !shows('flower_beds')) add('flower_beds', tags.includes('park') ? 0.2 : 0.03);
  if (weather === 'snow') add('snow_scene', 0.8);
  if (weather === 'rain') add('wet_road', 0.85);
  if (weather === 'sunny') add('blue_sky', 0.6);
  if (hour >= 17 && hour <= 18) add('dusk', 0.6);
  return out;
}
