import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type DemoResult, generateDemoRelease } from '../../../core/demo/generate.ts';
import { ingestRelease } from '../../../core/release/ingest.ts';
import { createSearchEngine } from '../../../core/scenery-search/engine.ts';
import { searchCatalog } from '../../../core/scenery-search/engine-holder.ts';
import { openSearchIndex, persistSearchIndex, searchIndexDirOf } from '../../../core/scenery-search/search-index.ts';
import { corpusSourceOf, loadStoreObservations } from '../../../core/scenery-search/store-corpus.ts';
import { openStore } from '../../../core/store/open.ts';
import { getServedRelease } from '../../../core/store/releases.ts';
import type { Store } from '../../../core/store/types.ts';

// "The ground-truth file (scene → categories), written beside the release by the demo generator, is for search
// evaluation only; ingest and search never read it." Proven three ways: the file is replaced by garbage that any
// reader would choke on, every file-system call of the code under test is recorded and none names it, and no source
// file outside the generator and the evaluation mentions it.

// Every path-taking call into node:fs and node:fs/promises from the project's modules is recorded (node_modules
// packages such as PGlite keep the real modules, and never see a release folder).
const fsCalls = vi.hoisted(() => {
  const paths: string[] = [];
  const pathOf = (value: unknown): string | null => {
    if (typeof value === 'string') return value;
    if (value instanceof URL) return value.href;
    if (value instanceof Uint8Array) return new TextDecoder().decode(value);
    return null;
  };
  const wrap = <M extends object>(actual: M): M => {
    const wrapped: Record<string, unknown> = { ...(actual as Record<string, unknown>) };
    for (const [name, value] of Object.entries(actual)) {
      // Functions only; classes (ReadStream, Dirent, Stats …) are capitalised and stay as they are.
      if (typeof value !== 'function' || !/^[a-z]/.test(name)) continue;
      const original = value as (...args: unknown[]) => unknown;
      const spy = function (this: unknown, ...args: unknown[]) {
        for (const arg of args.slice(0, 2)) {
          const path = pathOf(arg);
          if (path !== null) paths.push(`${name} ${path}`);
        }
        return original.apply(this, args);
      };
      wrapped[name] = Object.assign(spy, original);
    }
    return wrapped as M;
  };
  return { paths, wrap };
});

vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs')>();
  const wrapped = fsCalls.wrap(actual);
  return { ...wrapped, default: wrapped };
});
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  const wrapped = fsCalls.wrap(actual);
  return { ...wrapped, default: wrapped };
});

const root = fileURLToPath(new URL('../../../', import.meta.url));
const slow = 120_000;

let base: string;
let dataDir: string;
let demo: DemoResult;
let store: Store | undefined;

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'machimi-gt-unread-'));
  dataDir = join(base, 'data');
  demo = await generateDemoRelease({ scenes: 200, seed: 3, out: join(base, 'release') });
}, slow);

afterAll(async () => {
  await store?.close();
  await rm(base, { recursive: true, force: true });
});

describe('the ground-truth file is never read by ingest or search', () => {
  it('is written beside the release by the generator (gzip NDJSON), and then replaced by garbage', async () => {
    expect(demo.groundTruthPath).toBe(`${demo.dir}.ground-truth.ndjson.gz`);
    const written = await readFile(demo.groundTruthPath);
    expect([...written.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    // Neither gzip nor JSON: whatever tried to read it would fail loudly.
    await writeFile(demo.groundTruthPath, Buffer.from('\x00\xffnot gzip, not ndjson {"scene_id":\n', 'latin1'));
    const garbage = await readFile(demo.groundTruthPath);
    expect(garbage[0]).not.toBe(0x1f);
    // The spy sees the generator writing the file and this test touching it: proof it records the project's calls.
    expect(fsCalls.paths.some((call) => call.includes('ground-truth'))).toBe(true);
  });

  it(
    'ingests the release, builds and loads its search index, and searches it, never touching the file',
    async () => {
      fsCalls.paths.length = 0;
      store = await openStore({ dataDir: null });
      const result = await ingestRelease(store, demo.dir);
      expect(result.releaseId).toBe(demo.releaseId);
      expect(result.rows.scenes).toBe(200);
      expect((await getServedRelease(store))?.release_id).toBe(demo.releaseId);

      const catalog = searchCatalog();
      const persisted = await persistSearchIndex(store, demo.releaseId, dataDir, catalog);
      expect(persisted.scenes).toBeGreaterThan(0);
      const source = await corpusSourceOf(store, demo.releaseId);
      const opened = await openSearchIndex(source, catalog, searchIndexDirOf(dataDir));
      expect(opened.from).toBe('file');
      const engine = await createSearchEngine(opened.corpus, catalog, {
        loadObservations: (ids) => loadStoreObservations(source, ids),
        pageCache: false,
      });
      const now = new Date('2026-11-21T12:00:00Z');
      const stored = new Set((await store.query<{ id: string }>('SELECT id FROM scenes')).map((row) => row.id));
      for (const body of [{ query: '住宅街の道' }, { query: '坂道', mode: 'text' as const }]) {
        const page = await engine.search(body, now);
        expect(page.results.length, JSON.stringify(body)).toBeGreaterThan(0);
        for (const hit of page.results) expect(stored.has(hit.id), hit.id).toBe(true);
      }

      // The recorder did see ingest and search at work (so an empty list below is not a blind spot) …
      expect(fsCalls.paths).toContain(`readFile ${join(demo.dir, 'manifest.json')}`);
      expect(fsCalls.paths).toContain(`createReadStream ${join(demo.dir, 'scenes.ndjson.gz')}`);
      expect(fsCalls.paths.some((call) => call.startsWith('readFile ') && call.endsWith(persisted.path))).toBe(true);
      // … and none of its calls named the ground truth.
      expect(fsCalls.paths.filter((call) => /ground[-_]?truth/i.test(call))).toEqual([]);
    },
    slow,
  );
});

describe('only the generator and the evaluation mention the ground truth', () => {
  // Why each may: the generator writes it, the format describes where it lies, the evaluation scores against it.
  const allowed = [
    'core/demo/generate.ts', // writes DIR.ground-truth.ndjson.gz
    'core/demo/scene-work.ts', // builds each scene's ground-truth record for the generator
    'core/demo/phrasing.ts', // a comment: generated words stay true to the ground truth
    'core/release/FORMAT.md', // documents that it lies beside the release, never inside
    'scripts/demo-release.ts', // the generator's command
    'scripts/eval-search.ts', // the search evaluation, its reader
    'scripts/eval-search/release.ts', // opens a release with its truth for the evaluation scripts
    'scripts/eval-search/failures.ts', // the evaluation's wrong results sorted by cause, against the same truth
    'scripts/eval-search/tag-sources.ts', // each tag source's share of right tags, against the same truth
    'scripts/eval-search/wrong-tags.ts', // the words after the tags the same truth lacks, counted
    'scripts/eval-search/missed-tags.ts', // the categories the same truth says a text states and the tagger missed, counted
    'scripts/eval-search/tag-source-calibration.ts', // match_score's source factors weighed on the development sets
  ];

  function filesUnder(dir: string): string[] {
    return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(root, join(entry.parentPath, entry.name)));
  }

  it('no other file in core/, handlers/ or scripts/ names it', () => {
    const files = ['core', 'handlers', 'scripts'].flatMap(filesUnder);
    expect(files.length).toBeGreaterThan(100);
    const mentioning = files.filter((file) => /ground[\s_-]*truth/i.test(readFileSync(join(root, file), 'utf8')));
    // The search is not blind: the generator itself is found.
    expect(mentioning).toContain('core/demo/generate.ts');
    expect(mentioning.filter((file) => !allowed.includes(file))).toEqual([]);
  });
});
