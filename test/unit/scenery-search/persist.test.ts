import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildCorpus, type Corpus, tagsOf } from '../../../core/scenery-search/corpus.ts';
import { createSearchEngine } from '../../../core/scenery-search/engine.ts';
import { gramDocs } from '../../../core/scenery-search/gram-store.ts';
import { loadCorpus, StaleCorpusFileError, saveCorpus } from '../../../core/scenery-search/persist.ts';
import { fixtureObservations, NOW, residentialObservations, slopeSaying, testCatalog } from './fixture.ts';

const dir = mkdtempSync(join(tmpdir(), 'machimi-search-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const release = { releaseId: 'demo-synthetic-test' };

type Typed = Uint8Array | Int16Array | Uint32Array | Int32Array | Float64Array;
const KINDS = { u8: 1, i16: 2, u32: 4, i32: 4, f64: 8 } as const;

/**
 * Rewrites a saved index in format 2, the layout before packed grams: per gram a 32-bit doc list, or a bitmap when
 * more than 1/32 of the documents hold it, with offsets counted in 32-bit words; ids joined by '\n', no id order.
 */
function rewriteAsFormat2(path: string, corpus: Corpus): void {
  const file = readFileSync(path);
  const headerLength = file.readUInt32LE(8);
  const header = JSON.parse(file.subarray(12, 12 + headerLength).toString('utf8'));
  const start = Math.ceil((12 + headerLength) / 8) * 8;
  const store = corpus.text.store;
  const n = store.keys.length;
  const words = Math.ceil(store.docCount / 32);
  const kinds = new Uint8Array(n);
  const offsets = new Float64Array(n + 1);
  const parts: Uint32Array[] = [];
  let at = 0;
  for (let id = 0; id < n; id++) {
    const docs = gramDocs(store, id);
    kinds[id] = docs.length * 32 > store.docCount && store.docCount >= 1024 ? 1 : 0;
    offsets[id] = at;
    const part = kinds[id] === 1 ? new Uint32Array(words) : docs;
    if (kinds[id] === 1) for (const d of docs) part[d >>> 5] = (part[d >>> 5] as number) | (1 << (d & 31));
    parts.push(part);
    at += part.length;
  }
  offsets[n] = at;
  const data = new Uint32Array(at);
  parts.forEach((part, id) => {
    data.set(part, offsets[id] as number);
  });
  const replaced: Record<string, [keyof typeof KINDS, Typed]> = {
    gramKinds: ['u8', kinds],
    gramOffsets: ['f64', offsets],
    gramData: ['u32', data],
    ids: ['u8', new TextEncoder().encode(corpus.ids.toArray().join('\n'))],
  };
  const arrays: [string, keyof typeof KINDS, Typed][] = [];
  for (const s of header.sections as { name: string; kind: keyof typeof KINDS; offset: number; length: number }[]) {
    if (['gramFirstBlock', 'gramHeads', 'gramStarts', 'idOrder'].includes(s.name)) continue;
    const bytes = file.subarray(start + s.offset, start + s.offset + s.length * KINDS[s.kind]);
    const swap = replaced[s.name];
    arrays.push(swap ? [s.name, swap[0], swap[1]] : [s.name, s.kind, new Uint8Array(bytes)]);
  }
  let offset = 0;
  header.format = 2;
  // Format 2 files were written before the checksum.
  delete header.crc32;
  header.sections = arrays.map(([name, kind, array]) => {
    const section = { name, kind, offset, length: array.byteLength / KINDS[kind] };
    offset += Math.ceil(array.byteLength / 8) * 8;
    return section;
  });
  const headerBytes = Buffer.from(JSON.stringify(header));
  const begin = Math.ceil((12 + headerBytes.length) / 8) * 8;
  const out = Buffer.alloc(begin + offset);
  out.write('MCHSRCH1', 0, 'latin1');
  out.writeUInt32LE(headerBytes.length, 8);
  headerBytes.copy(out, 12);
  arrays.forEach(([, , array], i) => {
    out.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), begin + header.sections[i].offset);
  });
  writeFileSync(path, out);
}

describe('persisted search index', () => {
  it('loads back the same columns, tags and postings', async () => {
    // Other released observations of a scene state what its served one does not: their postings are saved too.
    const others = [{ summary: '電柱が立ち並び、道端に自販機がある。', analysis: null }];
    const observations = [...fixtureObservations(), ...residentialObservations(1200)].map((o, i) =>
      i % 7 === 0 ? { ...o, others } : o,
    );
    const built = await buildCorpus(observations, testCatalog(), { keepObservations: false });
    const path = join(dir, 'index.bin');
    const bytes = await saveCorpus(built, testCatalog(), path, release);
    expect(bytes).toBeGreaterThan(0);
    const loaded = await loadCorpus(path, testCatalog(), release);
    expect(loaded.ids.toArray()).toEqual(built.ids.toArray());
    for (const id of [built.ids.at(0), built.ids.at(built.size - 1), '1', '99999999999999999999'])
      expect(loaded.docById.get(id)).toBe(built.docById.get(id));
    expect(Array.from(loaded.lat)).toEqual(Array.from(built.lat));
    expect(Array.from(loaded.year)).toEqual(Array.from(built.year));
    expect(loaded.wards).toEqual(built.wards);
    for (let d = 0; d < built.size; d += 97) expect(tagsOf(loaded, d)).toEqual(tagsOf(built, d));
    expect(Array.from(loaded.tagSources)).toEqual(Array.from(built.tagSources));
    expect(loaded.categoryDocs.map((l) => l.length)).toEqual(built.categoryDocs.map((l) => l.length));
    expect(built.elsewhereDocs.some((l) => l.length > 0)).toBe(true);
    expect(loaded.elsewhereDocs.map((l) => Array.from(l))).toEqual(built.elsewhereDocs.map((l) => Array.from(l)));
    expect(loaded.text.store.kinds.some((k) => k === 1)).toBe(true);
    for (const term of ['住宅', '電柱', '石畳', '坂', '苔', 'の生']) {
      expect(Array.from(loaded.text.docsContaining(term) ?? [])).toEqual(
        Array.from(built.text.docsContaining(term) ?? []),
      );
    }
  });

  it('reads a format 2 file (plain lists and bitmaps), repacked with the same postings', async () => {
    const observations = [...fixtureObservations(), ...residentialObservations(1200)];
    const built = await buildCorpus(observations, testCatalog(), { keepObservations: false });
    const path = join(dir, 'format2.bin');
    await saveCorpus(built, testCatalog(), path, release);
    rewriteAsFormat2(path, built);
    const loaded = await loadCorpus(path, testCatalog(), release);
    expect(loaded.legacyFormat).toBe(true);
    expect(loaded.ids.toArray()).toEqual(built.ids.toArray());
    expect(Array.from(loaded.ids.order)).toEqual(Array.from(built.ids.order));
    expect(Array.from(loaded.lon)).toEqual(Array.from(built.lon));
    const store = built.text.store;
    for (let id = 0; id < store.keys.length; id++) {
      expect(Array.from(gramDocs(loaded.text.store, id))).toEqual(Array.from(gramDocs(store, id)));
    }
    expect(Array.from(loaded.text.store.data)).toEqual(Array.from(store.data));
    for (const term of ['住宅', '電柱', '石畳', '坂', 'の生']) {
      expect(Array.from(loaded.text.docsContaining(term) ?? [])).toEqual(
        Array.from(built.text.docsContaining(term) ?? []),
      );
    }
    await saveCorpus(built, testCatalog(), path, release);
    const bytes = readFileSync(path);
    const length = bytes.readUInt32LE(8);
    const header = bytes
      .subarray(12, 12 + length)
      .toString('utf8')
      .replace('"format":5', '"format":1');
    bytes.write(header, 12, 'utf8');
    writeFileSync(path, bytes);
    await expect(loadCorpus(path, testCatalog(), release)).rejects.toThrow(/index format 1, expected 5/);
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

  it('answers as an exact index would, where bigram lookups over-match a wording', async () => {
    // The first slope holds every bigram of 海が見える but not the phrase: a saved index keeps no texts, so its
    // lookup is a superset; the pages it serves must still be those of an index that keeps the texts.
    const observations = [
      ...fixtureObservations(),
      slopeSaying('3000000000000001', '坂の上に海が広がる。遠くに人が見える。'),
      slopeSaying('3000000000000002', '坂の上から海が見える。'),
    ];
    const byId = new Map(observations.map((o) => [o.scene_id, o]));
    const loadObservations = async (ids: string[]) =>
      new Map(ids.flatMap((id) => (byId.has(id) ? [[id, byId.get(id)]] : [])) as never) as never;
    const path = join(dir, 'over-match.bin');
    await saveCorpus(
      await buildCorpus(observations, testCatalog(), { keepTexts: false }),
      testCatalog(),
      path,
      release,
    );
    const loaded = await loadCorpus(path, testCatalog(), release);
    const exact = await buildCorpus(observations, testCatalog(), { keepTexts: true });
    const overMatched = exact.docById.get('3000000000000001') as number;
    expect([loaded.text.exact, exact.text.exact]).toEqual([false, true]);
    expect([
      loaded.text.docHasTerm(overMatched, '海が見える'),
      exact.text.docHasTerm(overMatched, '海が見える'),
    ]).toEqual([true, false]);
    const served = await createSearchEngine(loaded, testCatalog(), { pageCache: false, loadObservations });
    const reference = await createSearchEngine(exact, testCatalog(), { pageCache: false });
    for (const mode of ['jev', 'text'] as const) {
      for (const query of ['海が見える坂道', '石畳の坂道', '電柱がない住宅街']) {
        const a = await served.search({ query, mode }, NOW);
        const b = await reference.search({ query, mode }, NOW);
        expect(a.results.length).toBeGreaterThan(0);
        expect([a.results.map((r) => [r.id, r.match_score, r.quotes]), a.interpretation.unverified_conditions]).toEqual(
          [b.results.map((r) => [r.id, r.match_score, r.quotes]), b.interpretation.unverified_conditions],
        );
      }
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

  it('refuses a file damaged after its header (one flipped byte or cut short); the intact file loads', async () => {
    const path = join(dir, 'damaged.bin');
    const catalog = testCatalog();
    await saveCorpus(await buildCorpus(fixtureObservations(), catalog), catalog, path, release);
    const good = readFileSync(path);
    const flipped = Buffer.from(good);
    flipped[flipped.length - 9] = (flipped[flipped.length - 9] as number) ^ 0x40;
    writeFileSync(path, flipped);
    await expect(loadCorpus(path, catalog, release)).rejects.toThrow(/damaged/);
    writeFileSync(path, good.subarray(0, good.length - 64));
    await expect(loadCorpus(path, catalog, release)).rejects.toBeInstanceOf(StaleCorpusFileError);
    writeFileSync(path, good);
    expect((await loadCorpus(path, catalog, release)).size).toBe(fixtureObservations().length);
  });
});
