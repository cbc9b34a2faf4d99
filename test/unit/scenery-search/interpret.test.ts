import { beforeAll, describe, expect, it } from 'vitest';
import { buildCorpus, type Corpus } from '../../../core/scenery-search/corpus.ts';
import type { Interpretation } from '../../../core/scenery-search/interpretation-types.ts';
import { fixtureObservations, testCatalog } from './fixture.ts';
import { loadQueryReader, type ReadQuery } from './read-query.ts';

const WARDS = ['西区', '浜田区', '中央区', '港区', '東区', '北区', '宮川区', '西部丘陵', '湊浜諸島'];
let corpus: Corpus;
let read: ReadQuery;

beforeAll(async () => {
  corpus = await buildCorpus(fixtureObservations(), testCatalog());
  read = await loadQueryReader({ wards: WARDS, occurs: (term) => corpus.text.occurs(term) });
}, 30_000);

const keys = (i: Interpretation) => i.conditions.map((c) => c.key).sort();

describe('interpretation: categories', () => {
  it.each([
    ['石畳の坂道', ['slope_road', 'stone_paving']],
    ['イシダタミの坂道', ['slope_road', 'stone_paving']],
    ['ｱｰｹｰﾄﾞ商店街', ['covered_arcade']],
    ['川沿いの桜並木', ['cherry_blossoms', 'river']],
    ['狐の像', ['komainu']],
    ['さびれている商店街', ['run_down', 'shopping_street']],
    ['見晴らしの良い高台', ['hilltop_view']],
  ])('%s → %j', (query, expected) => {
    expect(keys(read(query))).toEqual(expected);
  });

  it('reports the matched wording, how it matched and the weight, strongest first', () => {
    const i = read('静かな石畳');
    expect(i.conditions[0]).toMatchObject({
      key: 'stone_paving',
      matched_text: '石畳',
      matched_by: 'label',
      weight: 1,
      origin: 'query',
    });
    expect(i.conditions[1]).toMatchObject({
      key: 'quiet_street',
      matched_text: '静か',
      matched_by: 'synonym',
      negated: false,
    });
    expect(i.conditions[1]?.weight).toBeLessThan(1);
    expect(i.normalized_query).toBe('静かな石畳');
    expect(i.text_terms).toEqual(['石畳', '静か']);
  });

  it('reports the rule that read a wording by meaning, the catalogue wording reached, and a lower weight', () => {
    const i = read('てんぼうだい');
    expect(i.conditions[0]).toMatchObject({ key: 'hilltop_view', rule: 'reading', matched_wording: '展望台' });
    expect(i.conditions[0]?.weight).toBeLessThan(1);
    expect(i.text_terms).toEqual(['展望台']);
    expect(read('石畳').conditions[0]).toMatchObject({ rule: 'label' });
    expect(read('石畳').conditions[0]).not.toHaveProperty('matched_wording');
  });

  it('does not take a one-character word out of a longer word (駅 in 駅伝, 松 in 松本)', () => {
    expect(keys(read('駅伝'))).toEqual([]);
    expect(keys(read('松本'))).toEqual([]);
    expect(keys(read('松の木'))).toEqual(['pine_trees']);
  });

  it('says when a word was said twice', () => {
    const i = read('坂道と坂');
    expect(keys(i)).toEqual(['slope_road']);
    expect(i.ignored).toContainEqual({ text: '坂', reason: 'duplicate' });
  });
});

describe('interpretation: negation', () => {
  it.each([
    ['電柱がない住宅街', ['not:utility_poles', 'residential_street']],
    ['電柱のない住宅街', ['not:utility_poles', 'residential_street']],
    ['電柱ない道', ['not:utility_poles']],
    ['コンビニ以外', ['not:convenience_store']],
    ['商店街じゃない路地', ['narrow_alley', 'not:shopping_street']],
    ['電柱や電線がない道', ['not:overhead_wires', 'not:utility_poles']],
    ['桜並木と電柱のない道', ['not:cherry_blossoms', 'not:utility_poles']],
    ['車の通らない路地', ['narrow_alley', 'not:parked_cars']],
  ])('%s → %j', (query, expected) => {
    expect(keys(read(query))).toEqual(expected);
  });

  it('keeps wording that contains ない as the category it names (人通りが少ない, 通り抜けできない)', () => {
    expect(keys(read('人通りが少ない路地'))).toEqual(['narrow_alley', 'quiet_street']);
    expect(keys(read('通り抜けできない道'))).toEqual(['dead_end']);
  });

  it('marks the negated condition and keeps its wording out of the text terms', () => {
    const i = read('電柱がない静かな住宅街');
    expect(i.conditions.find((c) => c.key === 'not:utility_poles')).toMatchObject({
      negated: true,
      category_id: 'utility_poles',
    });
    expect(i.text_terms).not.toContain('電柱');
  });
});

describe('interpretation: places', () => {
  it('applies a ward named in the query when the request has none', () => {
    const i = read('中央区の商店街');
    expect(i.places).toEqual([{ matched_text: '中央区', ward: '中央区', applied: true }]);
    expect(keys(i)).toEqual(['shopping_street']);
  });

  it('does not apply it when the request names a ward', () => {
    expect(read('中央区の商店街', { wardSent: true }).places).toEqual([
      { matched_text: '中央区', ward: '中央区', applied: false },
    ]);
  });

  it('reads 港区 as a ward, not as a harbour', () => {
    const i = read('港区の倉庫');
    expect(i.places[0]?.ward).toBe('港区');
    expect(keys(i)).toEqual(['warehouse']);
  });

  it('recognises a bare ward name before a place word (浜田の, 宮川あたり)', () => {
    expect(read('浜田の路地').places[0]?.ward).toBe('浜田区');
    expect(read('宮川あたりの坂').places[0]?.ward).toBe('宮川区');
  });

  it('names places that are not listed wards as unknown_place', () => {
    const i = read('渋谷区の路地');
    expect(i.places).toEqual([]);
    expect(i.ignored).toContainEqual({ text: '渋谷区', reason: 'unknown_place' });
  });
});

describe('interpretation: years', () => {
  it.each([
    ['2019年の桜', 2019, 2019],
    ['2010年代の商店街', 2010, 2019],
    ['90年代の路地', 1990, 1999],
    ['2015年以降の坂道', 2015, null],
    ['2000年より前の坂道', null, 1999],
    ['2015年以前の坂道', null, 2015],
    ['2015〜2018年の坂道', 2015, 2018],
    ['平成の商店街', 1989, 2019],
    ['平成20年の商店街', 2008, 2008],
    ['令和元年の商店街', 2019, 2019],
    ['2020年代の商店街', 2020, 2026],
    ['去年の桜', 2025, 2025],
  ])('%s → %s-%s', (query, from, to) => {
    const i = read(query);
    expect(i.years).toHaveLength(1);
    expect(i.years[0]).toMatchObject({ from, to, applied: true });
  });

  it('leaves bare 昭和 to the retro look, not a capture year', () => {
    const i = read('昭和の商店街');
    expect(i.years).toEqual([]);
    expect(keys(i)).toEqual(['retro_atmosphere', 'shopping_street']);
  });

  it('does not apply years when the request sends its own', () => {
    expect(read('2019年の桜', { yearsSent: true }).years[0]?.applied).toBe(false);
  });

  it('ignores years it cannot search', () => {
    expect(read('1850年の坂道').ignored).toContainEqual({ text: '1850年', reason: 'unsupported_year' });
    expect(read('2031年の坂道').ignored).toContainEqual({ text: '2031年', reason: 'unsupported_year' });
  });
});

describe('interpretation: presets and text-only queries', () => {
  it('takes conditions from a preset when there is no query', () => {
    const i = read(null, { preset: 'shrine' });
    expect(i.source).toBe('preset');
    expect(i.combine).toBe('any');
    expect(i.normalized_query).toBeNull();
    expect(i.conditions.map((c) => c.key)).toEqual(testCatalog().presetById.get('shrine')?.categories);
    expect(
      i.conditions.every((c) => c.matched_by === 'preset' && c.origin === 'preset' && c.matched_text === null),
    ).toBe(true);
    expect(i.conditions[0]?.weight).toBe(1);
  });

  it('sets the preset aside when a query is given', () => {
    const i = read('石畳の坂道', { preset: 'shrine' });
    expect(i.preset_set_aside).toBe(true);
    expect(i.source).toBe('query');
    expect(keys(i)).toEqual(['slope_road', 'stone_paving']);
  });

  it('searches the text index when no category matched, and says so', () => {
    const i = read('苔');
    expect(i.text_only).toBe(true);
    expect(i.conditions).toEqual([]);
    expect(i.text_terms).toEqual(['苔']);
  });

  it('explains every ignored word', () => {
    const i = read('ラーメンが美味しい坂道の写真');
    expect(keys(i)).toEqual(['slope_road']);
    expect(i.ignored).toEqual(
      expect.arrayContaining([
        { text: 'らーめん', reason: 'not_scenery' },
        { text: '美味しい', reason: 'not_scenery' },
        { text: 'が', reason: 'function_word' },
        { text: '写真', reason: 'function_word' },
      ]),
    );
  });

  it('calls a word the observations never use not_scenery rather than searching for it', () => {
    const i = read('キリン');
    expect(i.text_terms).toEqual([]);
    expect(i.ignored).toContainEqual({ text: 'きりん', reason: 'not_scenery' });
  });
});
