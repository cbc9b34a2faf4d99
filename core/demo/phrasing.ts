/** Japanese sentence patterns of the two observation generations (gen1: です・ます, gen2: だ・である). */
import type { PlaceContext } from './affinity.ts';

export interface Sentence {
  text: string;
  /** Where in the frame, when the sentence says so (e.g. 左手). */
  position: string | null;
}

function positionOf(clause: string): string | null {
  if (clause.includes('左')) return '左手';
  if (clause.includes('右')) return '右手';
  if (clause.includes('前方') || clause.includes('奥')) return '前方';
  if (clause.includes('手前')) return '手前';
  return null;
}

/** A plain-form clause in generation 1's です・ます voice (…ている → …ています, …だ → …です). */
function polite(clause: string): string {
  if (clause.endsWith('ている')) return `${clause.slice(0, -2)}います`;
  if (clause.endsWith('だ')) return `${clause.slice(0, -1)}です`;
  if (clause.endsWith('い')) return `${clause}です`;
  if (/[うくすつぬむぶぐる]$/u.test(clause)) return `${clause}ようです`;
  return clause;
}

/** One sentence from one of the generator's own clauses (phrasings.yaml), in the generation's voice. */
export function phrasingSentence(clause: string, version: 1 | 2): Sentence {
  return { text: `${version === 1 ? polite(clause) : clause}。`, position: positionOf(clause) };
}

/** Settings named after a category the scene shows (so the words stay true to the ground truth). */
const SETTINGS_BY_CATEGORY: [string, string, string][] = [
  ['covered_arcade', 'アーケード商店街', '商業地'],
  ['market', '市場周辺の通り', '商業地'],
  ['shopping_street', '商店の並ぶ通り', '商業地'],
  ['lighthouse', '灯台のある岬', '海岸沿い'],
  ['fishing_port', '漁港近くの集落', '漁村集落'],
  ['harbour', '港湾地区の道路', '港湾地区'],
  ['canal', '運河沿いの道', '港湾地区'],
  ['factory', '工業地域の道路', '工業地域'],
  ['beach', '砂浜に近い海岸沿いの道', '海岸沿い'],
  ['torii', '神社の周辺', '社寺周辺'],
  ['shrine_building', '神社の周辺', '社寺周辺'],
  ['temple_building', '寺院の周辺', '社寺周辺'],
  ['western_style_house', '洋館の残る街区', '歴史的街区'],
  ['historic_streetscape', '歴史的な町並み', '歴史的街区'],
  ['outdoor_stairs', '斜面地の階段路', '丘陵地'],
  ['steep_slope', '急な坂道', '丘陵地'],
  ['under_viaduct', '高架下の通り', '市街地'],
  ['train_station', '駅前の通り', '駅前'],
  ['bridge', '川に架かる橋の上', '河川沿い'],
  ['river', '川沿いの道', '河川沿い'],
  ['hillside_housing', '斜面の住宅地', '丘陵地の住宅地'],
  ['high_rise_buildings', '高層ビルの並ぶ通り', '市街地中心部'],
  ['narrow_alley', '細い路地', '住宅地'],
  ['residential_street', '住宅地の生活道路', '住宅地'],
  ['wide_avenue', '幅の広い幹線道路', '市街地'],
];

/** Fallbacks that name no category. */
const SETTINGS_BY_PLACE: [PlaceContext, string, string][] = [
  ['island', '島の道路', '島嶼部'],
  ['hills', '丘陵地の道路', '丘陵地'],
  ['downtown', '市街地中心部の通り', '市街地中心部'],
  ['coast', '臨海部の道路', '臨海部'],
  ['industrial', '臨海部の道路', '臨海部'],
];

/**
 * [descriptive setting, short label, category it names] of a scene, from what it shows, else from its place. A
 * setting whose name states what the scene lacks (`fits`: 住宅地 without a residential street) is passed over.
 */
export function settingOf(
  has: (id: string) => boolean,
  tags: readonly PlaceContext[],
  fits: (short: string) => boolean = () => true,
): [string, string, string | null] {
  for (const [id, long, short] of SETTINGS_BY_CATEGORY) if (has(id) && fits(short)) return [long, short, id];
  for (const [tag, long, short] of SETTINGS_BY_PLACE) if (tags.includes(tag)) return [long, short, null];
  return ['市街地の道路', '市街地', null];
}

/** Time of day as a model would guess it; 夕方 only when the dusk is visible (it is a category). */
export function timeOfDay(hour: number, dusk: boolean): string {
  return dusk ? '夕方' : hour < 10 ? '朝' : hour < 15 ? '昼' : '午後';
}

/** Weather words only for what the scene visibly shows (rain, snow and blue sky are categories). */
export function weatherOf(has: (id: string) => boolean): string {
  return has('wet_road') ? '雨' : has('snow_scene') ? '雪' : has('blue_sky') ? '晴れ' : '曇りまたは判別不能';
}

export function seasonOf(month: number): '春' | '夏' | '秋' | '冬' {
  return month >= 3 && month <= 5 ? '春' : month >= 6 && month <= 8 ? '夏' : month >= 9 && month <= 11 ? '秋' : '冬';
}
