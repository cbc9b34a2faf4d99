import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gramDocs, gramPostings, packGrams } from '../../../core/scenery-search/gram-store.ts';
import { decodeList, ListCursor, listHas, type PackedList } from '../../../core/scenery-search/packed-list.ts';

/** Sorted distinct doc lists with gaps of every byte length (1 to 5 bytes packed). */
const docList = fc
  .array(fc.oneof(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 300 }), fc.integer({ min: 1, max: 3e6 })), {
    maxLength: 700,
  })
  .chain((gaps) =>
    fc.integer({ min: 0, max: 2 ** 31 }).map((first) => {
      const docs: number[] = [];
      let doc = first;
      for (const gap of gaps) {
        if (doc > 2 ** 32 - 1) break;
        docs.push(doc);
        doc += gap;
      }
      return docs;
    }),
  );

function packedOf(docs: number[]): PackedList {
  const store = packGrams(new Int32Array([1]), () => docs, 2 ** 32 - 1);
  const p = gramPostings(store, 0);
  if (p.dense) throw new Error('expected a packed list');
  return p.list;
}

describe('packed doc lists', () => {
  it('decode, test membership and seek like the plain list', () => {
    fc.assert(
      fc.property(docList, fc.array(fc.integer({ min: 0, max: 2 ** 32 - 1 }), { maxLength: 40 }), (docs, probes) => {
        const list = packedOf(docs);
        expect(Array.from(decodeList(list))).toEqual(docs);
        const asked = [...probes, ...docs.filter((_, i) => i % 37 === 0), ...docs.map((d) => d + 1).slice(0, 20)];
        for (const doc of asked) expect(listHas(list, doc)).toBe(docs.includes(doc));
        const cursor = new ListCursor(list);
        for (const target of [...new Set(asked)].sort((a, b) => a - b)) {
          expect(cursor.seek(target)).toBe(docs.find((d) => d >= target) ?? -1);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keeps each gram in its smaller form and answers the same from either', () => {
    fc.assert(
      fc.property(
        fc.array(fc.uniqueArray(fc.integer({ min: 0, max: 4999 }), { maxLength: 3000 }), {
          minLength: 1,
          maxLength: 8,
        }),
        (lists) => {
          const sorted = lists.map((l) => [...l].sort((a, b) => a - b));
          const store = packGrams(
            Int32Array.from(sorted, (_, i) => i + 1),
            (id) => sorted[id] as number[],
            5000,
          );
          sorted.forEach((docs, id) => {
            expect(Array.from(gramDocs(store, id))).toEqual(docs);
            expect(store.kinds[id]).toBe(docs.length > 1500 ? 1 : store.kinds[id]);
          });
          expect(store.data.byteLength % 4).toBe(0);
        },
      ),
      { numRuns: 60 },
    );
  });
});
