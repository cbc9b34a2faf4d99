import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildCorpus, tagsOf } from '../../../core/search/corpus.ts';
import { createSearchEngine } from '../../../core/search/engine.ts';
import { loadCorpus, StaleCorpusFileError, saveCorpus } from '../../../core/search/persist.ts';
import { fixtureObservations, NOW, residentialObservations, testCatalog } from './fixture.ts';

const dir = mkdtempSync(join(tmpdir(), 'machimi-search-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const release = { releaseId: 'demo-synthetic-test' };

describe('persisted search index', () => {
  it('loads back the same columns, tags and postings', async () => {
    const observations = [...fixtureObservations(), ...residentialObservations(1200)];
    const built = await buildCorpus(observations, testCatalog(), { keepObservations: false });
    const path = join(dir, 'index.bin');
    const bytes = await saveCorpus(built, testCatalog(), path, release);
    expect(bytes).toBeGreaterThan(0);
    const loaded = await loadCorpus(path, testCatalog(), release);
    expect(loaded.ids).toEqual(built.ids);
    expect(Array.from(loaded.lat)).toEqual(Array.from(built.lat));
    expect(Array.from(loaded.year)).toEqual(Array.from(built.year));
    expect(loaded.wards).toEqual(built.wards);
    for (let d = 0; d < built.size; d += 97) expect(tagsOf(loaded, d)).toEqual(tagsOf(built, d));
    expect(loaded.categoryDocs.map((l) => l.length)).toEqual(built.categoryDocs.map((l) => l.length));
    expect(loaded.text.store.kinds.some((k) => k === 1)).toBe(true);
    for (const term of ['住宅', '電柱', '石畳', '坂', '苔', 'の生']) {
      expect(Array.from(loaded.text.docsContaining(term) ?? [])).toEqual(
        Array.from(built.text.docsContaining(term) ?? []),
      );
    }
  });

  it('serves the same search when observations come from a loader', async () => {
    const observations = fixtureObservations();
    const byId = new Map(observations.map((o) => [o.scene_id, o]));
    const path = join(dir, 'fixture.bin');
    await saveCorpus(await buildCorpus(observations, testCatalog()), testCatalog(), path, release);
    const loaded = await loadCorpus(path, testCatalog(), release);
    const engine = await createSearchEngine(loaded, testCatalog(), {
      loadObservations: async (ids) =>
        new Map(ids.flatMap((id) => (byId.has(id) ? [[id, byId.get(id)]] : [])) as never),
    });
    const inMemory = await createSearchEngine(observations, testCatalog());
    for (const query of ['石畳の坂道', '電柱がない住宅街', '苔']) {
      const a = await engine.search({ query }, NOW);
      const b = await inMemory.search({ query }, NOW);
      expect(a.results.map((r) => [r.id, r.match_score, r.quotes])).toEqual(
        b.results.map((r) => [r.id, r.match_score, r.quotes]),
      );
    }
  });

  it('refuses a file built for other categories', async () => {
    const path = join(dir, 'other.bin');
    const catalog = testCatalog();
    await saveCorpus(await buildCorpus(fixtureObservations(), catalog), catalog, path, release);
    const other = { ...catalog, categories: [...catalog.categories].reverse() };
    await expect(loadCorpus(path, other, release)).rejects.toThrow(/other scenery categories/);
    const reworded = {
      ...catalog,
      categories: catalog.categories.map((c, i) => (i === 0 ? { ...c, evidence: [...c.evidence, '新しい言い方'] } : c)),
    };
    await expect(loadCorpus(path, reworded, release)).rejects.toBeInstanceOf(StaleCorpusFileError);
  });

  it('refuses a file built for another release, and never leaves a partial file behind', async () => {
    const path = join(dir, 'nested', 'release.bin');
    await saveCorpus(await buildCorpus(fixtureObservations(), testCatalog()), testCatalog(), path, release);
    expect(readdirSync(join(dir, 'nested'))).toEqual(['release.bin']);
    await expect(loadCorpus(path, testCatalog(), { releaseId: 'another' })).rejects.toThrow(/built for release/);
    await expect(loadCorpus(join(dir, 'missing.bin'), testCatalog(), release)).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });
});
