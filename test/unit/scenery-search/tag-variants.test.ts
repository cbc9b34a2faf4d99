import { beforeAll, describe, expect, it } from 'vitest';
import { loadTagger, type ObservationTagger } from '../../../core/scenery-search/observation-tagger.ts';
import { testCatalog } from './fixture.ts';

/** The general rules that read a catalogue wording in the forms observations write it (tag-variants.ts). */
let tagger: ObservationTagger;
beforeAll(async () => {
  tagger = await loadTagger(testCatalog());
}, 60_000);

const present = (text: string) =>
  [...tagger.tag({ summary: text, analysis: null }, [text.normalize('NFKC')]).present]
    .map((i) => testCatalog().categories[i]?.id)
    .sort();

describe('tagging variants of a wording', () => {
  it('names the category of a phrase’s head noun too, never of a compound’s last noun', () => {
    expect(present('苔の生えた石の階段が続く。')).toEqual(['outdoor_stairs', 'stone_steps']);
    expect(present('ビルの谷間に小さな神社がある。')).toContain('shrine_building');
    expect(present('交差点の手前に横断歩道がある。')).not.toContain('sidewalk');
  });

  it('reads a modifier and its noun as subject and predicate', () => {
    expect(present('この坂は急で、上るのが大変そうだ。')).toContain('steep_slope');
    expect(present('家の前の道は狭く、車は入れない。')).toContain('narrow_alley');
    expect(present('山沿いの道が蛇行している。')).toContain('winding_road');
  });

  it('reads a noun made from a verb as that verb conjugated', () => {
    expect(present('通りは買い物客で賑わっている。')).toContain('lively_street');
    expect(present('石が積まれた塀が続く。')).toContain('stone_wall');
    expect(present('屋根は黒い瓦で葺かれている。')).toContain('tiled_roof');
  });

  it('reads a verb compounded onto the wording’s verb, and one more modifier before the head noun', () => {
    expect(present('空き地に草が生い茂っている。')).toContain('overgrown_weeds');
    expect(present('木造の古い家屋が並ぶ。')).toContain('old_wooden_house');
  });

  it('keeps a compound’s order and a match that starts inside an earlier one', () => {
    expect(present('赤れんがの塀が敷地を囲む。')).toContain('brick_wall');
    expect(present('敷かれたれんがが続く。')).not.toContain('brick_paving');
  });
});

describe('tagging by the thesaurus', () => {
  it('reads variant spellings and loanwords, not a native word of wider sense from the same group', () => {
    expect(present('公孫樹の葉が黄色く色づいている。')).toContain('ginkgo_yellow');
    expect(present('窓の外の景色はぼやけている。')).not.toContain('hilltop_view');
    expect(present('空き地は囲いで仕切られている。')).not.toContain('metal_fence');
  });
});
