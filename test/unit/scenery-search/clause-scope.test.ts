import { beforeAll, describe, expect, it } from 'vitest';
import type { Interpretation } from '../../../core/scenery-search/interpretation-types.ts';
import { loadQueryReader, marks as marksOf, type ReadQuery } from './read-query.ts';

// Negation and optional clauses scoped on kuromoji tokens: what each scenery word of a query becomes.

let read: ReadQuery;
beforeAll(async () => {
  read = await loadQueryReader();
}, 30_000);

const marks = (i: Interpretation) => marksOf(i, { byCategory: true });

describe('negation scoped over the verb phrase', () => {
  it.each([
    ['電柱が立っていない商店街', ['shopping_street', '-utility_poles']],
    ['電柱は写っていない商店街', ['shopping_street', '-utility_poles']],
    ['電柱が一本も立っていない商店街', ['shopping_street', '-utility_poles']],
    ['電線が張られていない住宅街', ['-overhead_wires', 'residential_street']],
    ['看板は見当たらず静かな路地', ['narrow_alley', 'quiet_street', '-signboards']],
    ['電柱や電線が見えない住宅街', ['-overhead_wires', 'residential_street', '-utility_poles']],
    ['桜が咲いていない公園', ['-cherry_blossoms', 'park']],
    ['商店街じゃない路地', ['narrow_alley', '-shopping_street']],
    ['電柱なしの住宅街', ['residential_street', '-utility_poles']],
    ['コンビニ以外の商店街', ['-convenience_store', 'shopping_street']],
    ['電柱が立ちません', ['-utility_poles']],
  ])('%s → %j', (query, expected) => {
    expect(marks(read(query))).toEqual(expected);
  });

  it.each([
    // しか〜ない means "only": the poles are asked for.
    ['電柱しかない坂道', ['slope_road', 'utility_poles']],
    // A verb that modifies a noun ends the phrase: the negation belongs to the road, not to the poles.
    ['電柱が立っている坂道がない', ['-slope_road', 'utility_poles']],
    // A clause ended by a comma or a connective is not reached.
    ['電柱が立っていて、桜が咲いていない', ['-cherry_blossoms', 'utility_poles']],
  ])('does not reach past its phrase: %s → %j', (query, expected) => {
    expect(marks(read(query))).toEqual(expected);
  });

  it.each([
    ['電柱が少ない住宅街', ['residential_street', '~-utility_poles']],
    ['電柱の少ない住宅街', ['residential_street', '~-utility_poles']],
    ['電柱があまりない住宅街', ['residential_street', '~-utility_poles']],
  ])('reads 〜少ない and あまり〜ない as a soft negation: %s → %j', (query, expected) => {
    const i = read(query);
    expect(marks(i)).toEqual(expected);
    expect(i.preferred).toEqual(['not:utility_poles']);
  });

  it('sets a negated word that names no category aside and says so, instead of searching it as present', () => {
    const i = read('ゴミが落ちていない坂道');
    expect(marks(i)).toEqual(['slope_road']);
    expect(i.text_terms).toEqual(['坂道']);
    expect(i.ignored).toContainEqual({ text: 'ごみ', reason: 'negated_word' });
    expect(i.ignored.map((w) => w.text)).not.toContain('ない');
  });
});

describe('optional clauses rank but never filter', () => {
  it.each([
    ['できれば海が見える坂道', ['~sea_view', 'slope_road']],
    ['なるべく電柱のない住宅街', ['residential_street', '~-utility_poles']],
    ['できれば石畳の坂道がいい', ['~slope_road', '~stone_paving']],
    ['石畳の坂道で、桜があればなお良い', ['~cherry_blossoms', 'slope_road', 'stone_paving']],
    ['石畳の坂道、桜や紅葉があると嬉しい', ['~autumn_leaves', '~cherry_blossoms', 'slope_road', 'stone_paving']],
    ['商店街、アーケードでも構いません', ['~covered_arcade', 'shopping_street']],
    ['静かな住宅街、公園だと嬉しい', ['~park', 'quiet_street', 'residential_street']],
    ['住宅街で電柱がなければ嬉しい', ['residential_street', '~-utility_poles']],
  ])('%s → %j', (query, expected) => {
    expect(marks(read(query))).toEqual(expected);
  });

  it('lists the soft conditions in preferred, weighs them below the required ones and keeps their words out of the text terms', () => {
    const i = read('石畳の坂道で、桜があればなお良い');
    expect(i.preferred).toEqual(['cherry_blossoms']);
    const wish = i.conditions.find((c) => c.soft);
    for (const c of i.conditions.filter((x) => !x.soft)) expect(c.weight).toBeGreaterThan(wish?.weight as number);
    expect(i.text_terms).not.toContain('桜');
    // The words of the wish are claimed: nothing is reported as dropped.
    expect(i.ignored.filter((w) => w.reason !== 'function_word')).toEqual([]);
  });
});

describe('confidence of the reading', () => {
  it('is 1 for a label, lower for another wording, and the interpretation is as sure as its least sure condition', () => {
    const label = read('石畳');
    expect(label.conditions[0]).toMatchObject({ matched_by: 'label', confidence: 1 });
    const synonym = read('静かな石畳');
    const quiet = synonym.conditions.find((c) => c.category_id === 'quiet_street');
    expect(quiet?.matched_by).toBe('synonym');
    expect(quiet?.confidence).toBeLessThan(1);
    expect(synonym.match_confidence).toBe(quiet?.confidence);
    expect(read('qzxv').match_confidence).toBeNull();
  });
});
