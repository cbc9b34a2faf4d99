// A scene's other released observations (another generation's text of the same photograph) exclude it from a request
// that refuses what they state, and never make it meet a required condition.
import { beforeAll, describe, expect, it } from 'vitest';
import type { CorpusObservation } from '../../../core/scenery-search/corpus.ts';
import { createSearchEngine, type SearchEngine } from '../../../core/scenery-search/engine.ts';
import { NOW, testCatalog } from './fixture.ts';

const SILENT_WITH_POLES = '2000000000000001';
const SILENT = '2000000000000002';
const POLES_ONLY_ELSEWHERE_NOT_STREET = '2000000000000003';

function scene(id: string, summary: string, others?: string[]): CorpusObservation {
  return {
    scene_id: id,
    lat: 34.63,
    lon: 135.0,
    ward: null,
    capture_year: 2022,
    generation: { id: 'gen2', version: 2 },
    summary,
    analysis: null,
    ...(others ? { others: others.map((text) => ({ summary: text, analysis: null })) } : {}),
  };
}

const corpus = [
  scene(SILENT_WITH_POLES, '住宅地の街路の画像である。2階建ての一軒家が並んでいる。', [
    '住宅地の街路の画像です。道沿いに電柱が立ち並んでいます。',
  ]),
  scene(SILENT, '住宅地の街路の画像である。2階建ての一軒家が並んでいる。', [
    '住宅地の街路の画像です。一軒家が並んでいます。',
  ]),
  scene(POLES_ONLY_ELSEWHERE_NOT_STREET, '港の岸壁の画像である。', ['電柱が立っている。']),
];

let engine: SearchEngine;
beforeAll(async () => {
  engine = await createSearchEngine(corpus, testCatalog());
  await engine.warmUp();
}, 30_000);

const ids = async (query: string, mode: 'jev' | 'text') =>
  (await engine.search({ query, mode }, NOW)).results.map((r) => r.id);

describe('what other released observations state', () => {
  it('is indexed apart from the served tags, per category', () => {
    const poles = engine.corpus.categoryIndex.get('utility_poles') as number;
    const elsewhere = Array.from(engine.corpus.elsewhereDocs[poles] ?? []).map((d) => engine.corpus.ids.at(d));
    expect(elsewhere.sort()).toEqual([SILENT_WITH_POLES, POLES_ONLY_ELSEWHERE_NOT_STREET]);
    const served = Array.from(engine.corpus.categoryDocs[poles] ?? []);
    expect(served).toEqual([]);
  });

  it.each(['jev', 'text'] as const)(
    'excludes a scene another observation shows the refused thing in (%s)',
    async (mode) => {
      const found = await ids('電柱が立っていない住宅街', mode);
      expect(found).toContain(SILENT);
      expect(found).not.toContain(SILENT_WITH_POLES);
    },
  );

  it.each(['jev', 'text'] as const)('does not make a scene meet a required condition (%s)', async (mode) => {
    const found = await ids('電柱のある道', mode);
    expect(found).not.toContain(POLES_ONLY_ELSEWHERE_NOT_STREET);
    expect(found).not.toContain(SILENT_WITH_POLES);
  });

  it('keeps the other texts out of the observations the corpus holds', () => {
    expect(engine.corpus.observations?.every((o) => o.others === undefined)).toBe(true);
  });
});
