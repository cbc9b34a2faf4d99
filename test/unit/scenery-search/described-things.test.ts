import { beforeAll, describe, expect, it } from 'vitest';
import { analysisMeaningTags } from '../../../core/scenery-search/analysis-field-meanings.ts';
import { loadTextTagger, type TagText } from './tag-text.ts';

/** Things stated by their parts, use, position or kind (tag-descriptions.yaml), and structured values by meaning. */
let tag: TagText;
beforeAll(async () => {
  tag = await loadTextTagger();
}, 60_000);

describe('description rules for a thing stated by its parts, use, position or kind', () => {
  it.each([
    ['交差点の電柱に小さな照明が付けられている。', 'street_lights'],
    ['車道の両側に木々が植えられている。', 'street_trees'],
    ['通りに沿ってヤシが植えられている。', 'street_trees'],
    ['駅の向こうにタワマンが何本も建っている。', 'high_rise_buildings'],
    ['坂の途中から町並みを見下ろす。', 'hilltop_view'],
    ['交差点の手前に青い案内板が立っている。', 'road_signs'],
    ['交差点の頭上に灯器が吊るされている。', 'traffic_signal'],
    ['通りの両側に古い町家が軒を連ねている。', 'historic_streetscape'],
    ['アパートの壁にエアコンの室外ユニットが取り付けられている。', 'outdoor_ac_units'],
    ['玄関の前に花を植えた鉢がいくつも置かれている。', 'flower_planters'],
    ['角にチェーンの店舗があり、明かりがついている。', 'convenience_store'],
    ['路地の入口に飲み物の販売機が二台ある。', 'vending_machines'],
    ['雑草に囲まれた荒れ果てた民家がある。', 'abandoned_house'],
    ['休日の通りは観光客でにぎわっている。', 'lively_street'],
    ['祭りの日で人出が多い。', 'lively_street'],
    ['古い木の家が残っている。', 'old_wooden_house'],
    ['壁際に握り棒が取り付けられている。', 'handrail'],
    ['坂のコンクリートに輪の模様が刻まれている。', 'anti_slip_rings'],
    ['黒い壁の倉が並ぶ。', 'kura_storehouse'],
    ['円柱の上を道路が通っている。', 'elevated_road'],
    ['道路の上に跨道橋が架かっている。', 'pedestrian_bridge'],
    ['線路をまたぐ橋が見える。', 'pedestrian_bridge'],
    ['歩道の穴の周りにバリケードが置かれている。', 'road_works'],
    ['歩道と車道の間に低い杭が並んでいる。', 'bollards'],
    ['木々が黄緑色の葉をつけている。', 'fresh_greenery'],
    ['庭先に青紫の花房が垂れている。', 'hydrangeas'],
    ['道の隅に枯れた葉が吹き寄せられている。', 'fallen_leaves'],
    ['道路脇の斜面に落石を防ぐネットが張られている。', 'cliff'],
    ['大正時代に建てられたモダンな銀行が残っている。', 'retro_modern_building'],
    ['縁石に囲まれた植え込みにパンジーが咲いている。', 'flower_beds'],
    ['ガラス張りの電話の小部屋が歩道にある。', 'phone_booth'],
    ['柱と柱の間にケーブルが何本も渡されている。', 'utility_poles'],
    ['車線の境に白い破線が描かれている。', 'road_markings'],
    ['白い線の内側を人が歩いている。', 'roadside_strip'],
    ['車線の多い通りを車が走る。', 'wide_avenue'],
    ['車道の脇に歩行者のための通り道がある。', 'sidewalk'],
    ['玄関先に子どものおもちゃが置いてある。', 'lived_in'],
    ['坂の上から海原を見下ろす。', 'sea_view'],
    ['一昔前の商店街を思わせる。', 'nostalgic_scenery'],
  ])('reads %s as %s', (text, category) => {
    expect(tag(text).present).toContain(category);
  });

  it.each([
    ['庭に植えられた木が枝を伸ばしている。', 'street_trees'],
    ['公園の入口に、園内の地図を描いた案内板がある。', 'road_signs'],
    ['玄関に小さなライトが付いている。', 'street_lights'],
    ['白線で区切られた駐車スペースが並ぶ。', 'roadside_strip'],
    ['川沿いに古い倉庫が並んでいる。', 'kura_storehouse'],
    ['荒れた路面が続いている。', 'abandoned_house'],
  ])('keeps %s from %s', (text, category) => {
    expect(tag(text).present).not.toContain(category);
  });
});

describe('structured values that state a category by meaning', () => {
  it.each([
    [{ road_structure: { type: '車両の通れない通路' } }, ['pedestrian_street']],
    [{ road_structure: { type: 'アーケード内の歩行者空間' } }, ['pedestrian_street']],
    [{ road_structure: { facility_type: '通路' } }, ['pedestrian_street']],
    [{ road_context: { setting: '歴史的街区' } }, ['historic_streetscape']],
    [{ road_context: { setting: '市街地' }, road_structure: { type: '片側一車線の道路' } }, []],
    [{ road_structure: { type: '車両の通れない通路ではない' } }, []],
  ])('%j states %j', (analysis, ids) => {
    expect(analysisMeaningTags(analysis)).toEqual(ids);
  });
});
