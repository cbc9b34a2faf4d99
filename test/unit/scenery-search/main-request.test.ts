import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../../core/scenery-search/categories.ts';
import { createSearchEngine, type SearchEngine } from '../../../core/scenery-search/engine.ts';

// The main request of a query is its head word; scenery words before it only modify it.
let engine: SearchEngine;
beforeAll(async () => {
  engine = await createSearchEngine([], loadCatalog());
}, 60_000);
const head = async (query: string) => (await engine.interpretQuery(query)).request_not_scenery;

describe('a main request that is not scenery', () => {
  it.each([
    ['駅前の駐輪場の料金を教えてください', '料金'],
    ['商店街のイベントの日程は？', '日程'],
    ['港から出るフェリーの運賃', '運賃'],
    ['お寺の拝観料', '拝観料'],
    ['路面電車の乗り方', '乗り方'],
    ['高速道路の渋滞情報', '渋滞情報'],
  ])('%s asks for %s', async (query, word) => {
    expect(await head(query)).toBe(word);
  });

  it.each([
    // The head is scenery; the other words only modify it.
    'ラーメン屋が並ぶ商店街',
    '時刻表が貼られたバス停',
    '駐輪場の月極の看板',
    // A quality or a wish closing the sentence is a predicate, not a thing asked for.
    '公園があったら最高',
    '海が見えると最高です',
    '坂道の景色が最高',
    // One kanji before 代 is more likely a misspelling than a charge.
    '灯代が見える岬',
    // A sentence naming a category asks for scenery; a later one about plans does not undo it.
    '石段のある神社を探しています。来週行く予定です。',
  ])('%s asks for scenery', async (query) => {
    expect(await head(query)).toBeNull();
  });
});
