/** Elementary schools: names as a public register would publish them, full-width and half-width mixed. */
import type { SchoolRow } from '../release/types.ts';
import { round } from './geo.ts';
import { isLand, metresFromSea } from './geography.ts';
import { hexFor } from './ids.ts';
import type { Rng } from './rng.ts';

const NAMES = [
  '第一小学校',
  '第二小学校',
  '第３小学校',
  '第4小学校',
  'ﾐﾅﾄ小学校',
  'ﾊﾏﾀﾞ ｷﾀ小学校',
  '湊浜小学校',
  '浜田小学校',
  '宮川小学校',
  '山手小学校',
  '北野小学校',
  '松風小学校',
  '港町小学校',
  '東湊浜小学校',
  '西浜小学校',
  '沖ノ島小学校',
  '湊浜市立鴎島小学校',
  'ＭＩＮＡＴＯ国際小学校',
  'さくら小学校',
  'サクラ台小学校',
  '桜ヶ丘小学校',
  '中央　小学校',
  '青葉 小学校',
  '汐見小学校',
  '天神小学校',
  '若葉小学校',
  '旭小学校',
  '緑ヶ丘小学校',
  '高砂小学校',
  '湊浜大学附属小学校',
];

/** Island schools sit on the islands; the rest are spread over the mainland away from the shore. */
export function buildSchools(rng: Rng, seed: number): SchoolRow[] {
  return NAMES.map((name) => {
    let lat = 0;
    let lon = 0;
    const island = name.includes('沖ノ島') ? [34.5675, 134.93] : name.includes('鴎島') ? [34.574, 134.968] : null;
    if (island) {
      lat = (island[0] as number) + rng.range(-0.002, 0.002);
      lon = (island[1] as number) + rng.range(-0.003, 0.003);
    } else {
      do {
        lat = rng.range(34.6, 34.66);
        lon = rng.range(134.905, 135.095);
      } while (!isLand(lat, lon) || metresFromSea(lat, lon) < 150);
    }
    return { school_id: `sch_${hexFor(`${seed}|school|${name}`, 12)}`, name, lat: round(lat, 6), lon: round(lon, 6) };
  });
}
