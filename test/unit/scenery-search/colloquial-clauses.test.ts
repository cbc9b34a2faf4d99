import { beforeAll, describe, expect, it } from 'vitest';
import type { Interpretation } from '../../../core/scenery-search/interpretation-types.ts';
import { loadQueryReader, marks as marksOf, type ReadQuery } from './read-query.ts';

// Negations, wishes and indifference as people type them in a search box (colloquial-negation.ts, indifference.ts).

let read: ReadQuery;
beforeAll(async () => {
  read = await loadQueryReader();
}, 30_000);

const marks = (i: Interpretation) => marksOf(i, { byCategory: true });

/** One test per query: the marks it is read as (table rows: query, marks). */
const readsAs = (title: string, cases: [string, string[]][]) =>
  it.each(cases)(`${title}%s → %j`, (query, expected) => {
    expect(marks(read(query))).toEqual(expected);
  });

/** Words the page would name as dropped or as a negation tied to nothing. */
const reported = (i: Interpretation) =>
  i.ignored.filter((w) => w.reason !== 'function_word' || /^(?:ない|なし|ねえ|ん)$/u.test(w.text));

describe('contracted and dialect negators after a verb', () => {
  it.each([
    ['電柱立ってねえ坂道', ['slope_road', '-utility_poles']],
    ['電柱立ってねー坂道', ['slope_road', '-utility_poles']],
    ['電柱立ってへん坂道', ['slope_road', '-utility_poles']],
    ['電柱立っとらん坂道', ['slope_road', '-utility_poles']],
    ['電柱立ってない坂道', ['slope_road', '-utility_poles']],
  ])('%s → %j', (query, expected) => {
    const i = read(query);
    expect(marks(i)).toEqual(expected);
    expect(reported(i)).toEqual([]);
  });

  readsAs('refuses what only looks alike: ', [
    // The same endings without a negator: 〜ている contracted to 〜とる, a sentence-final ね.
    ['電柱立っとる坂道', ['slope_road', 'utility_poles']],
    ['電柱が立ってるね、坂道', ['slope_road', 'utility_poles']],
  ]);
});

describe('absence or refusal right after a noun', () => {
  readsAs('', [
    ['電柱ゼロの坂道', ['slope_road', '-utility_poles']],
    ['看板皆無の商店街', ['shopping_street', '-signboards']],
    ['電線NGで坂道', ['-overhead_wires', 'slope_road']],
    ['電線はいや、坂道', ['-overhead_wires', 'slope_road']],
    ['電線はやだ、坂道', ['-overhead_wires', 'slope_road']],
    ['電線は勘弁、坂道', ['-overhead_wires', 'slope_road']],
    ['電線とかはなしで、坂道', ['-overhead_wires', 'slope_road']],
    ['電柱なさげな坂道', ['slope_road', '-utility_poles']],
  ]);

  it('refuses a longer word that starts alike (いやし is not いや)', () => {
    expect(marks(read('海いやし'))).toEqual(['sea_view']);
  });
});

describe('a negator closing a question asks for presence', () => {
  it.each([
    ['レトロな商店街ないかな', ['retro_atmosphere', 'shopping_street']],
    ['灯台はありませんか？', ['lighthouse']],
    ['桜が咲いてないかな、川沿い', ['cherry_blossoms', 'river']],
    ['港ないっすか', ['harbour']],
    ['商店街ないですかね', ['shopping_street']],
  ])('%s → %j, nothing reported as dropped', (query, expected) => {
    const i = read(query);
    expect(marks(i)).toEqual(expected);
    expect(reported(i)).toEqual([]);
  });

  readsAs('refuses a negator that does not close the question: ', [
    // The question is about the road; the negation inside its modifier still excludes the poles.
    ['電柱がない坂道ないかな', ['slope_road', '-utility_poles']],
    ['電柱のない坂道', ['slope_road', '-utility_poles']],
    // A refusal softened by かな, and a topic's plain かな: a wish for none, not a question.
    ['電柱は要らないかな、坂道', ['slope_road', '-utility_poles']],
    ['電柱はなしかな、坂道', ['slope_road', '-utility_poles']],
    ['電柱はないかな、坂道', ['slope_road', '-utility_poles']],
    ['電柱ないね', ['-utility_poles']],
  ]);
});

describe('indifference and idioms of a wish', () => {
  it.each([
    ['電線は気にしない、坂道', ['~overhead_wires', 'slope_road']],
    ['瓦屋根にはこだわらない古い町並み', ['historic_streetscape', '~tiled_roof']],
    ['アーケードは問いません、商店街', ['~covered_arcade', 'shopping_street']],
    ['アーケードは必須じゃない商店街', ['~covered_arcade', 'shopping_street']],
    ['アーケードはあってもなくても、商店街', ['~covered_arcade', 'shopping_street']],
    ['坂道、海が見えたら言うことなし', ['~sea_view', 'slope_road']],
    ['砂浜、ヤシの木があれば文句なし', ['beach', '~palm_trees']],
    ['坂道、海見えてたら完璧', ['~sea_view', 'slope_road']],
  ])('%s → %j', (query, expected) => {
    const i = read(query);
    expect(marks(i)).toEqual(expected);
    expect(i.conditions.filter((c) => c.soft).every((c) => c.soft_by === 'wish')).toBe(true);
  });

  readsAs('refuses: ', [
    // Without a condition before it, an evaluation is the request itself; without the topic, 気にする is no wish.
    ['海が見える坂道がいい', ['sea_view', 'slope_road']],
    ['電線が気になる坂道', ['overhead_wires', 'slope_road']],
    ['電線がない坂道', ['-overhead_wires', 'slope_road']],
  ]);
});

describe('〜っぽい names a quality asked for', () => {
  readsAs('', [
    ['昭和っぽい路地', ['narrow_alley', 'retro_atmosphere']],
    ['レトロっぽい商店街', ['retro_atmosphere', 'shopping_street']],
  ]);

  it('keeps a simile standard of みたいな in the background', () => {
    expect(marks(read('港町みたいな商店街'))).toEqual(['~harbour', 'shopping_street']);
  });
});

describe('a negated word heading kinds of the catalogue excludes each kind', () => {
  it('木が生えていない excludes the trees the catalogue names by 〜木, naming the wording reached', () => {
    const i = read('木が一本も生えてない公園');
    const kinds = i.conditions.filter((c) => c.rule === 'hypernym');
    // 大きな木, 桜の木 (phrases headed by 木) and 並木, 大木 (compounds headed by it).
    expect(kinds.map((c) => c.category_id)).toEqual(
      expect.arrayContaining(['large_tree', 'cherry_blossoms', 'street_trees']),
    );
    for (const c of kinds) {
      expect(c).toMatchObject({ negated: true, soft: false, matched_text: '木' });
      expect(c.matched_wording?.endsWith('木')).toBe(true);
      expect(c.matched_wording).not.toBe('木');
    }
    expect(marks(i)).toContain('park');
    expect(i.ignored.map((w) => w.reason)).not.toContain('negated_word');
  });

  it('asks for fewer when the negation does (木が少ない)', () => {
    const kinds = read('木が少ない公園').conditions.filter((c) => c.rule === 'hypernym');
    expect(kinds.length).toBeGreaterThan(0);
    expect(kinds.every((c) => c.negated && c.soft && c.soft_by === 'fewer')).toBe(true);
  });

  it.each([
    // Not negated: 木 is no condition of its own.
    ['木が生えている公園', ['park']],
    // A kind already asked about keeps its own reading.
    ['桜の咲く公園、ほかの木はない', ['cherry_blossoms', 'park']],
  ])('refuses: %s keeps %j', (query, expected) => {
    const i = read(query);
    expect(
      i.conditions
        .filter((c) => c.rule !== 'hypernym')
        .map((c) => c.category_id)
        .sort(),
    ).toEqual(expected);
    expect(i.conditions.some((c) => c.rule === 'hypernym' && c.category_id === 'cherry_blossoms')).toBe(false);
  });

  it('reads no compound into a word written in kana or into a word that is a wording itself', () => {
    expect(read('きが生えていない公園').conditions.some((c) => c.rule === 'hypernym')).toBe(false);
    expect(
      read('看板のない商店街')
        .conditions.filter((c) => c.negated)
        .map((c) => c.category_id),
    ).toEqual(['signboards']);
  });

  it('sets aside a negated word that heads no wording, as before', () => {
    expect(read('ゴミが落ちていない坂道').ignored).toContainEqual({ text: 'ごみ', reason: 'negated_word' });
  });
});
