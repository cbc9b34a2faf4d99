import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../core/config.ts';
import type { ServedRelease } from '../../core/data/served-release.ts';
import { type Corpus, tagsOf } from '../../core/scenery-search/corpus.ts';
import { createSearchEngine } from '../../core/scenery-search/engine.ts';
import { engineFor, searchCatalog, startEngineBuild } from '../../core/scenery-search/engine-holder.ts';
import {
  openSearchIndex,
  persistSearchIndex,
  searchIndexDirOf,
  searchIndexPath,
} from '../../core/scenery-search/search-index.ts';
import { loadStoreObservations, loadStoreSceneFields } from '../../core/scenery-search/store-corpus.ts';
import { testRelease } from '../helpers/server.ts';

// The search index file in DATA_DIR: written at ingest or by the first start, loaded by later starts, rebuilt when it
// belongs to another release. Whether built or loaded, the engine answers the same.

let release: ServedRelease;
let dataDir: string;
const warnings: unknown[] = [];
const log = { warn: (fields: unknown) => warnings.push(fields) } as never;
const lastWarning = () => ((warnings.pop() as { err?: Error } | undefined)?.err?.message ?? '') as string;

beforeAll(async () => {
  release = (await testRelease()).release;
  dataDir = await mkdtemp(join(tmpdir(), 'machimi-index-'));
}, 180_000);
afterAll(() => rm(dataDir, { recursive: true, force: true }));

function sameIndex(a: Corpus, b: Corpus): void {
  expect(b.ids.toArray()).toEqual(a.ids.toArray());
  expect(b.wards).toEqual(a.wards);
  for (let doc = 0; doc < a.size; doc += 37) expect(tagsOf(b, doc)).toEqual(tagsOf(a, doc));
  expect(b.categoryDocs.map((docs) => docs.length)).toEqual(a.categoryDocs.map((docs) => docs.length));
}

describe('search index file', () => {
  const indexDir = () => searchIndexDirOf(dataDir);
  let built: Corpus;

  it('is built from the store and saved on the first start, then loaded', async () => {
    const first = await openSearchIndex(release, searchCatalog(), indexDir(), log);
    expect(first.from).toBe('store');
    built = first.corpus;
    expect(built.size).toBeGreaterThan(1000);
    expect(built.observations).toBeNull();
    expect(await readdir(indexDir())).toEqual([`${release.record.release_id}.bin`]);
    const second = await openSearchIndex(release, searchCatalog(), indexDir(), log);
    expect(second.from).toBe('file');
    sameIndex(built, second.corpus);
    expect(warnings).toEqual([]);
  });

  it('answers the same searches whether built or loaded', async () => {
    const loaded = (await openSearchIndex(release, searchCatalog(), indexDir(), log)).corpus;
    const options = {
      loadObservations: (ids: string[]) => loadStoreObservations(release, ids),
      pageCache: false as const,
    };
    const fromStore = await createSearchEngine(built, searchCatalog(), options);
    const fromFile = await createSearchEngine(loaded, searchCatalog(), options);
    const now = new Date('2026-11-21T12:00:00Z');
    for (const body of [
      { query: '石畳の坂道' },
      { query: '電柱のない住宅街', mode: 'text' as const },
      { preset: 'shrine' },
    ]) {
      const a = await fromStore.search(body, now);
      const b = await fromFile.search(body, now);
      expect(b.results.map((r) => [r.id, r.match_score, r.quotes, r.is_pano])).toEqual(
        a.results.map((r) => [r.id, r.match_score, r.quotes, r.is_pano]),
      );
      expect(a.results.length).toBeGreaterThan(0);
    }
  });

  it('is rebuilt, with a warning, when the file belongs to another release or is damaged', async () => {
    const path = searchIndexPath(indexDir(), release.record.release_id);
    await persistSearchIndex(release.store, release.record.release_id, dataDir, searchCatalog());
    const other = { ...release, record: { ...release.record, release_id: 'another-release' } };
    // A file written for this release, copied under another release's name, must not be served for that one.
    await writeFile(searchIndexPath(indexDir(), 'another-release'), await readFile(path));
    const rebuilt = await openSearchIndex(other, searchCatalog(), indexDir(), log);
    expect(rebuilt.from).toBe('store');
    expect(lastWarning()).toMatch(/built for release/);
    await writeFile(path, 'not an index');
    expect((await openSearchIndex(release, searchCatalog(), indexDir(), log)).from).toBe('store');
    expect(lastWarning()).toMatch(/not a search index/);
    expect((await openSearchIndex(release, searchCatalog(), indexDir(), log)).from).toBe('file');
  });

  it('holds what a scene’s other released observations state and its served one does not', async () => {
    const docs = new Set<number>();
    built.elsewhereDocs.forEach((list, category) => {
      for (const doc of list) {
        // Apart from the served tags: the served observation does not state it.
        expect(tagsOf(built, doc)).not.toContain(category);
        docs.add(doc);
      }
    });
    expect(docs.size).toBeGreaterThan(0);
    const ids = [...docs].slice(0, 50).map((doc) => built.ids.at(doc));
    const rows = await release.store.query<{ scene_id: string; n: number } & Record<string, unknown>>(
      `SELECT scene_id, count(*)::int AS n FROM verbalizations
       WHERE release_id = $1 AND scene_id = ANY($2::text[]) AND status = 'released' GROUP BY scene_id`,
      [release.record.release_id, ids],
    );
    expect(rows.length).toBe(ids.length);
    for (const row of rows) expect(row.n).toBeGreaterThanOrEqual(2);
  });

  it('reads a page’s observations by id with the scene columns results carry', async () => {
    const ids = built.ids.toArray().slice(0, 5);
    const observations = await loadStoreObservations(release, [...ids, '99999999999999999']);
    expect([...observations.keys()].sort()).toEqual([...ids].sort());
    for (const observation of observations.values()) {
      expect(observation.scene).toHaveProperty('position_source');
      expect(observation.scene).toHaveProperty('is_pano');
      expect(typeof observation.summary).toBe('string');
    }
  });

  it('gives the judge observations without the scene columns, and its results the same items', async () => {
    const withScene: boolean[] = [];
    const split = await createSearchEngine(built, searchCatalog(), {
      pageCache: false,
      loadObservations: (ids, scene) => {
        withScene.push(scene);
        return loadStoreObservations(release, ids, scene);
      },
      loadSceneFields: (ids) => loadStoreSceneFields(release, ids),
    });
    const joined = await createSearchEngine(built, searchCatalog(), {
      pageCache: false,
      loadObservations: (ids: string[]) => loadStoreObservations(release, ids),
    });
    const now = new Date('2026-11-21T12:00:00Z');
    for (const body of [{ query: '石畳の坂道' }, { query: '電柱のない住宅街', limit: 5 }, { preset: 'shrine' }]) {
      const a = await joined.search(body, now);
      const b = await split.search(body, now);
      expect(b.results).toEqual(a.results);
      expect(a.results.length).toBeGreaterThan(0);
      for (const item of b.results) expect(Object.keys(item)).toEqual(Object.keys(a.results[0] ?? {}));
    }
    expect(withScene).toContain(false);
  });

  it('is what the server start uses: DATA_DIR/search-index/<release>.bin', async () => {
    const serverDir = join(dataDir, 'server');
    const config = parseConfig({ DATA_DIR: serverDir, LOG_LEVEL: 'silent' });
    startEngineBuild(release, undefined, config);
    const engine = await engineFor(release, { config });
    expect(engine.corpus.observations).toBeNull();
    expect(await readdir(searchIndexDirOf(serverDir))).toEqual([`${release.record.release_id}.bin`]);
    const page = await engine.search({ query: '坂道', limit: 3 });
    expect(page.results.length).toBeGreaterThan(0);
    expect(page.results[0]).toHaveProperty('camera_type');
  });
});
