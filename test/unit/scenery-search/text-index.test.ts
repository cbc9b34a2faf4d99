import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldKana } from '../../../core/scenery-search/normalize.ts';
import { atLeast, intersectAll, subtract, unionAll } from '../../../core/scenery-search/postings.ts';
import { TextIndexBuilder } from '../../../core/scenery-search/text-index-builder.ts';

// A small alphabet so that random terms often occur: kanji, hiragana, katakana (folded to hiragana), ASCII.
const CHARS = ['石', '畳', '坂', '道', 'の', 'が', 'い', 'イ', 'し', 'シ', 'a', 'B'];
const text = fc.string({ unit: fc.constantFrom(...CHARS), maxLength: 24 });
const doc = fc.array(text, { minLength: 1, maxLength: 3 });
const term = fc.string({ unit: fc.constantFrom(...CHARS), minLength: 1, maxLength: 4 });

function build(docs: string[][], keepTexts: boolean) {
  const builder = new TextIndexBuilder({ keepTexts });
  for (const segments of docs) builder.addDocument(segments);
  return builder.finish();
}

/** The twin: which documents contain the folded term inside one of their segments. */
function bruteForce(docs: string[][], query: string): number[] {
  const folded = foldKana(query);
  return docs.flatMap((segments, i) => (segments.some((s) => foldKana(s).includes(folded)) ? [i] : []));
}

describe('character-bigram text index', () => {
  it('answers exactly like substring search when it keeps the texts', () => {
    fc.assert(
      fc.property(fc.array(doc, { minLength: 1, maxLength: 30 }), term, (docs, query) => {
        const index = build(docs, true);
        const folded = foldKana(query);
        const found = index.docsContaining(folded);
        if (found === null) {
          expect(folded).toMatch(/^[\u3041-\u309f]$/u);
          return;
        }
        expect(Array.from(found)).toEqual(bruteForce(docs, query));
        expect(index.occurs(folded)).toBe(found.length > 0);
        expect(docs.map((_, d) => index.docHasTerm(d, folded))).toEqual(docs.map((_, d) => found.includes(d)));
      }),
      { numRuns: 300 },
    );
  });

  it('answers a superset (every real match, maybe more) from bigrams alone', () => {
    fc.assert(
      fc.property(fc.array(doc, { minLength: 1, maxLength: 30 }), term, (docs, query) => {
        const index = build(docs, false);
        const found = index.docsContaining(foldKana(query));
        if (found === null) return;
        const truth = bruteForce(docs, query);
        expect(truth.filter((d) => !found.includes(d))).toEqual([]);
        if (query.length <= 2) expect(Array.from(found)).toEqual(truth);
      }),
      { numRuns: 300 },
    );
  });

  it('answers the same with bitmaps for frequent grams (1 500 documents)', () => {
    fc.assert(
      fc.property(
        fc.array(doc, { minLength: 1500, maxLength: 1500 }),
        fc.array(term, { minLength: 20, maxLength: 20 }),
        (docs, queries) => {
          const exact = build(docs, true);
          const loose = build(docs, false);
          expect(loose.store.kinds.some((k) => k === 1)).toBe(true);
          for (const query of queries) {
            const folded = foldKana(query);
            const truth = bruteForce(docs, query);
            const found = exact.docsContaining(folded);
            if (found === null) continue;
            expect(Array.from(found)).toEqual(truth);
            const superset = new Set(loose.docsContaining(folded));
            expect(truth.filter((d) => !superset.has(d))).toEqual([]);
            expect(truth.slice(0, 20).filter((d) => !loose.docHasTerm(d, folded))).toEqual([]);
          }
        },
      ),
      { numRuns: 5 },
    );
  });

  it('tests one document like its document list, however often a term is asked (1 500 documents)', () => {
    fc.assert(
      fc.property(
        fc.array(doc, { minLength: 1500, maxLength: 1500 }),
        fc.array(term, { minLength: 10, maxLength: 10 }),
        (docs, queries) => {
          const loose = build(docs, false);
          for (const query of queries) {
            const folded = foldKana(query);
            // Asked about every document, twice: first per gram, then (past a few hundred) from the term's list.
            const asked = [...docs.keys(), ...docs.keys()].map((d) => loose.docHasTerm(d, folded));
            const listed = new Set(loose.docsContaining(folded) ?? []);
            expect(asked).toEqual([...docs.keys(), ...docs.keys()].map((d) => listed.has(d)));
          }
        },
      ),
      { numRuns: 5 },
    );
  });

  it('never lets a bigram cross two segments', () => {
    const index = build([['石畳', '坂道'], ['石畳坂道']], true);
    expect(Array.from(index.docsContaining('畳坂') ?? [])).toEqual([1]);
    const loose = build([['石畳', '坂道'], ['石畳坂道']], false);
    expect(Array.from(loose.docsContaining('畳坂') ?? [])).toEqual([1]);
  });

  it('reports registered phrases where they start, folded', () => {
    const builder = new TextIndexBuilder();
    builder.registerPhrases(['いしだたみ', '坂道']);
    expect(builder.addDocument(['古いイシダタミの坂道', '坂道'])).toEqual([
      { phrase: 0, segment: 0, start: 2 },
      { phrase: 1, segment: 0, start: 8 },
      { phrase: 1, segment: 1, start: 0 },
    ]);
  });
});

describe('postings', () => {
  const sorted = fc
    .uniqueArray(fc.integer({ min: 0, max: 200 }))
    .map((xs) => Uint32Array.from(xs.sort((a, b) => a - b)));

  it('intersects, unites, subtracts and counts like sets', () => {
    fc.assert(
      fc.property(fc.array(sorted, { minLength: 1, maxLength: 5 }), (lists) => {
        const sets = lists.map((l) => new Set(l));
        const all = [...new Set(lists.flatMap((l) => Array.from(l)))].sort((a, b) => a - b);
        expect(Array.from(unionAll(lists))).toEqual(all);
        expect(Array.from(intersectAll(lists))).toEqual(all.filter((x) => sets.every((s) => s.has(x))));
        expect(Array.from(subtract(lists[0] as Uint32Array, unionAll(lists.slice(1))))).toEqual(
          Array.from(lists[0] as Uint32Array).filter((x) => !sets.slice(1).some((s) => s.has(x))),
        );
        for (const min of [1, 2, 3]) {
          expect(Array.from(atLeast(lists, min, 201))).toEqual(
            all.filter((x) => sets.filter((s) => s.has(x)).length >= min),
          );
        }
      }),
    );
  });
});
