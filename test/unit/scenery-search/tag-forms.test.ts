import { beforeAll, describe, expect, it } from 'vitest';
import { loadTextTagger, type TagText } from './tag-text.ts';

/** General forms of observation text: denials through a relative clause, hedged degrees, kinds, absences, rules. */
let tag: TagText;
beforeAll(async () => {
  tag = await loadTextTagger();
}, 60_000);

describe('observation tagger, general forms', () => {
  it.each([
    ['住宅地の中を通る道は見られない。', 'residential_street'],
    ['住宅街を抜ける生活道路はない。', 'residential_street'],
  ])('inherits the denial of a noun phrase its category heads: %s', (text, category) => {
    expect(tag(text).present).not.toContain(category);
    expect(tag(text).absent).toContain(category);
  });

  it.each([
    ['公園で遊ぶ子どもはいない。', 'park'],
    ['港に停まる船は見られない。', 'harbour'],
  ])('keeps a word whose relative clause heads another, denied noun: %s', (text, category) => {
    expect(tag(text).present).toContain(category);
  });

  it('reads 〜め as a degree below the adjective, and keeps the plain and other forms', () => {
    expect(tag('家々に挟まれた細めの道が続く。').present).not.toContain('narrow_alley');
    expect(tag('道幅は狭めで、車がゆっくり走る。').present).not.toContain('narrow_alley');
    expect(tag('細い道が続く。').present).toContain('narrow_alley');
    expect(tag('道が狭く、車は通れない。').present).toContain('narrow_alley');
  });

  it.each([
    ['この坂は急で、上るのが大変そうだ。', ['slope_road', 'steep_slope']],
    ['小さな漁港で、漁船が並ぶ。', ['fishing_port', 'harbour']],
  ])('tags the wider category of a kind: %s', (text, categories) => {
    expect(tag(text).present).toEqual(expect.arrayContaining(categories));
  });

  it('widens nothing a denial names', () => {
    expect(tag('急な坂は見当たらない。').present).not.toContain('slope_road');
  });

  it.each(['人通りはほとんどない。', '周囲に人影は見当たらない。', '路上に人の姿もない。'])(
    'states a quiet street where passers-by are denied: %s',
    (text) => {
      expect(tag(text).present).toContain('quiet_street');
    },
  );

  it.each(['人通りが多い。', '人影がちらほら見える。'])(
    'states no quiet street where passers-by are there: %s',
    (text) => {
      expect(tag(text).present).not.toContain('quiet_street');
    },
  );

  it('reads a verb’s 〜そう closing the clause as foretold, and keeps one that describes a noun', () => {
    expect(tag('今にも雨が降り出しそうである。').present).not.toContain('wet_road');
    expect(tag('雨が降っている。').present).toContain('wet_road');
    expect(tag('今にも倒れそうな電柱が立っている。').present).toContain('utility_poles');
  });

  it('starts no kana word on the last kana of an earlier one', () => {
    expect(tag('入口にのれんが掛かっている。').present).toEqual(['noren']);
    expect(tag('赤れんがの塀が続く。').present).toContain('brick_wall');
  });

  it.each([
    ['階段の脇に鉄骨の段が折り返しながら上へ続く。', 'outdoor_stairs'],
    ['海岸沿いの針葉樹が防風のために植えられている。', 'pine_trees'],
    ['植え込みの低木が赤紫の花をつけている。', 'azaleas'],
    ['まっすぐな水路の両岸に倉庫が並ぶ。', 'canal'],
    ['岸壁に小型船が何隻も係留されている。', 'moored_boats'],
    ['台座の上に人物の像が立っている。', 'bronze_statue'],
    ['屋根の棟の端に鬼瓦が載っている。', 'tiled_roof'],
    ['庭の奥に二階建ての民家が建つ。', 'detached_houses'],
    ['敷地は赤レンガを積んだ塀で囲われている。', 'brick_wall'],
    ['標高12メートルを示す板が電柱に付いている。', 'tsunami_evacuation_sign'],
    ['ペダルの錆びた自転車が並ぶ。', 'bicycles'],
    ['入口の上に店名を書いた板が掲げられている。', 'signboards'],
  ])('reads a described category: %s (%s)', (text, category) => {
    expect(tag(text).present).toContain(category);
  });

  it.each([
    ['台座の上には何も載っていない。', 'bronze_statue'],
    ['植え込みの低木は刈り込まれ、花はない。', 'azaleas'],
    ['水路は見当たらない。', 'canal'],
  ])('refuses a description whose words are missing or denied: %s (%s)', (text, category) => {
    expect(tag(text).present).not.toContain(category);
  });
});
