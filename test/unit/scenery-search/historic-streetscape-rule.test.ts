import { beforeAll, describe, expect, it } from 'vitest';
import { loadTextTagger, type TagText } from './tag-text.ts';

/** A historic streetscape described by the age or tradition of its buildings, without a wording of the category. */
let tag: TagText;
beforeAll(async () => {
  tag = await loadTextTagger();
}, 60_000);

describe('historic streetscape by description', () => {
  it.each(['歴史ある建物が通り沿いに残っている。', '伝統的な造りの家並みが続く。', '昔ながらの町並みが広がっている。'])(
    'tags %s',
    (text) => {
      expect(tag(text).present).toContain('historic_streetscape');
    },
  );

  it.each(['伝統的な建物は見られない。', '新しい建物が並ぶ。歴史の説明板がある。'])('does not tag %s', (text) => {
    expect(tag(text).present).not.toContain('historic_streetscape');
  });
});
