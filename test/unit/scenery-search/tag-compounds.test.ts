import { beforeAll, describe, expect, it } from 'vitest';
import { loadTagger, type ObservationTagger } from '../../../core/scenery-search/observation-tagger.ts';
import { compoundTable } from '../../../core/scenery-search/tag-compounds.ts';
import { testCatalog } from './fixture.ts';

/** A category combining two others' words (赤レンガ倉庫) is read from both words in one noun phrase. */
let tagger: ObservationTagger;
beforeAll(async () => {
  tagger = await loadTagger(testCatalog());
}, 60_000);

const present = (text: string) => {
  const found = tagger.tag({ summary: text, analysis: null }, [text.normalize('NFKC')]);
  return [...found.present].map((i) => testCatalog().categories[i]?.id);
};

describe('compound categories', () => {
  it('finds in the catalogue the categories written as two others’ wordings', () => {
    const catalog = testCatalog();
    const index = (id: string) => catalog.byId.get(id)?.index as number;
    const table = compoundTable(catalog);
    expect(table.get(index('brick_building'))?.get(index('warehouse'))).toEqual([index('brick_warehouse')]);
    for (const [modifier, byHead] of table)
      for (const [head, compounds] of byHead) expect(compounds.filter((c) => c === modifier || c === head)).toEqual([]);
  });

  it.each([
    ['赤煉瓦の大きな倉庫が並ぶ。', 'brick_warehouse'],
    ['レンガ積みの倉庫群が見える。', 'brick_warehouse'],
    ['赤レンガの古い倉庫。', 'brick_warehouse'],
  ])('tags %s as %s', (text, category) => {
    expect(present(text)).toContain(category);
  });

  it.each([
    ['赤レンガの建物がある。倉庫も見える。', 'brick_warehouse'],
    ['赤レンガの建物があり、倉庫も見える。', 'brick_warehouse'],
    ['赤レンガの塀の横に倉庫がある。', 'brick_warehouse'],
    ['レンガの建物と倉庫が並ぶ。', 'brick_warehouse'],
  ])('refuses %s as %s (the words are not one noun phrase)', (text, category) => {
    expect(present(text)).not.toContain(category);
  });

  it('keeps a denied head denied in the compound', () => {
    const found = tagger.tag({ summary: '', analysis: null }, ['赤レンガの倉庫は見当たらない。']);
    const index = testCatalog().byId.get('brick_warehouse')?.index as number;
    expect(found.present.has(index)).toBe(false);
  });
});
