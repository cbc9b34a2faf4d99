import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attachedJsonOf } from '../../../core/json/attached.ts';
import { imagePageOf, makeImagePage, type SceneItem } from '../../../core/place/scenes-items.ts';
import { type PageSources, readPage } from '../../../core/place/scenes-page.ts';
import { PrintedItemCache, printItems } from '../../../core/place/scenes-printed.ts';
import type { SelectedScene } from '../../../core/place/scenes-select.ts';
import type { SceneCard, ScenePick } from '../../../core/store/index.ts';

// Nearby items kept printed: the bytes must be JSON.stringify's text whatever the strings hold (including the very
// patterns the cutting looks for), and a page reads the store once for its misses only.

// Strings that try to break the cuts: quotes, braces, the cut patterns themselves, control characters, Japanese, emoji.
const tricky = fc.oneof(
  fc.string(),
  fc.constantFrom('},{"id":"1', ',"distance_m":0,', '"\\', '\u0000\u001f', '前方視の画像です。', '😀 \u2028'),
  fc.string({ unit: 'grapheme' }),
);
const nullable = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null });

const itemArbitrary: fc.Arbitrary<SceneItem> = fc.record({
  id: fc.bigInt({ min: 10n ** 14n, max: 10n ** 20n - 1n }).map(String),
  distance_m: fc.nat(1000),
  lat: fc.double({ min: -90, max: 90, noNaN: true }),
  lon: fc.double({ min: -180, max: 180, noNaN: true }),
  position_source: fc.constantFrom('mapillary_computed', 'mapillary_raw') as fc.Arbitrary<SceneItem['position_source']>,
  capture_year: nullable(fc.integer({ min: 1990, max: 2026 })),
  year: nullable(fc.integer({ min: 1990, max: 2026 })),
  ward: nullable(tricky),
  view_class: nullable(tricky),
  travel_bearing: nullable(fc.double({ min: 0, max: 360, noNaN: true })),
  is_pano: nullable(fc.boolean()),
  generation: fc.record({
    id: tricky,
    status: fc.constantFrom('released', 'experimental', 'deprecated') as fc.Arbitrary<
      SceneItem['generation']['status']
    >,
    version: fc.nat(9),
  }),
  model: nullable(tricky),
  prompt_version: nullable(tricky),
  summary: tricky,
  analysis_status: fc.constantFrom('ok', 'invalid') as fc.Arbitrary<SceneItem['analysis_status']>,
  image_page: tricky,
});

const utf8 = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8');

describe('printItems', () => {
  it('cuts each item so that head + distance + tail is JSON.stringify of the item at that distance', () => {
    fc.assert(
      fc.property(fc.array(itemArbitrary, { maxLength: 8 }), fc.nat(100_000), (items, distance) => {
        const printed = printItems(items);
        expect(printed).toHaveLength(items.length);
        printed.forEach((entry, index) => {
          const bytes = Buffer.concat([entry.head, Buffer.from(String(distance)), entry.tail]);
          expect(bytes.equals(utf8({ ...items[index], distance_m: distance }))).toBe(true);
          expect(entry.item).toEqual({ ...items[index], distance_m: 0 });
        });
      }),
      { numRuns: 300 },
    );
  });
});

describe('PrintedItemCache', () => {
  const entry = (bytes: number) => ({ item: {} as SceneItem, head: new Uint8Array(bytes), tail: new Uint8Array(0) });

  it('keeps recently used entries and drops the oldest generation when over budget', () => {
    const cache = new PrintedItemCache(2 * (400 + 600) * 2); // two entries per generation
    cache.set(1, entry(400));
    cache.set(2, entry(400));
    cache.set(3, entry(400)); // the first generation (1, 2) becomes old
    expect(cache.get(1)).toBeDefined(); // 1 moves back to the young generation
    cache.set(4, entry(400)); // young (3, 1) is full: it becomes old, old (2) is dropped
    expect(cache.get(2)).toBeUndefined();
    expect(cache.get(1)).toBeDefined();
    expect(cache.get(3)).toBeDefined();
    expect(cache.get(4)).toBeDefined();
  });
});

describe('readPage', () => {
  const scene = (row: number, distanceM: number): SelectedScene => ({ row, distanceM, generation: 0 });
  const itemOf = (row: number): SceneItem => ({
    id: String(100000000000000 + row),
    distance_m: 0,
    lat: 34 + row / 1000,
    lon: 135,
    position_source: 'mapillary_computed',
    capture_year: 2020,
    year: 2020,
    ward: '中央区',
    view_class: null,
    travel_bearing: null,
    is_pano: false,
    generation: { id: 'gen2', status: 'released', version: 2 },
    model: 'm',
    prompt_version: 'p',
    summary: `「${row}」の画像です。`,
    analysis_status: 'ok',
    image_page: `https://example.test/${row}`,
  });
  const cardOf = (item: SceneItem, readable = true) =>
    ({ ...item, generation_id: readable ? item.generation.id : null, summary: item.summary }) as unknown as SceneCard;

  function storeSources(unreadable = new Set<number>()) {
    const reads: ScenePick[][] = [];
    const sources: PageSources = {
      readCards: async (picks) => {
        reads.push([...picks]);
        return picks.map((pick) => {
          const row = Number(pick.sceneId) - 100000000000000;
          return cardOf(itemOf(row), !unreadable.has(row));
        });
      },
      pickOf: (selected) => ({ sceneId: itemOf(selected.row).id, generationId: 'gen2' }),
      itemOfCard: (card) => itemOf(Number(card.id) - 100000000000000),
      cache: new PrintedItemCache(1 << 20),
      keyOf: (selected) => selected.row,
    };
    return { sources, reads };
  }

  it('reads the misses of a page in one store call, keeps order, and attaches exactly JSON.stringify', async () => {
    const { sources, reads } = storeSources();
    const first = await readPage(sources, [scene(1, 10.4), scene(2, 20.6)]);
    expect(first.map((item) => [item.id, item.distance_m])).toEqual([
      ['100000000000001', 10],
      ['100000000000002', 21],
    ]);
    const second = await readPage(sources, [scene(3, 1), scene(2, 2), scene(1, 3)]);
    expect(reads.map((picks) => picks.map((pick) => pick.sceneId))).toEqual([
      ['100000000000001', '100000000000002'],
      ['100000000000003'],
    ]);
    for (const page of [first, second]) {
      expect(Buffer.concat(attachedJsonOf(page) ?? []).equals(utf8(page))).toBe(true);
    }
    expect(Buffer.concat(attachedJsonOf(await readPage(sources, [])) ?? []).toString()).toBe('[]');
  });

  it('leaves out scenes whose verbalization cannot be read, and does not remember them', async () => {
    const { sources, reads } = storeSources(new Set([2]));
    const page = await readPage(sources, [scene(1, 1), scene(2, 2)]);
    expect(page.map((item) => item.id)).toEqual(['100000000000001']);
    await readPage(sources, [scene(2, 2)]);
    expect(reads).toHaveLength(2);
  });

  it('takes items from the columns in memory when loaded, without reading the store', async () => {
    const { sources, reads } = storeSources();
    const fromColumns = (row: number) => (row === 9 ? null : itemOf(row));
    const page = await readPage({ ...sources, fromColumns }, [scene(7, 5), scene(9, 6)]);
    expect(page.map((item) => item.id)).toEqual(['100000000000007']);
    expect(reads).toEqual([]);
  });
});

describe('makeImagePage', () => {
  it('gives what imagePageOf gives, for any template and id', () => {
    const template = fc
      .array(fc.oneof(fc.string(), fc.constant('{id}')), { maxLength: 6 })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(template, fc.string(), (text, id) => {
        expect(makeImagePage(text)(id)).toBe(imagePageOf(text, id));
      }),
    );
  });
});
