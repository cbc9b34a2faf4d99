/**
 * Words whose vector lies close to one category's wordings, as tag patterns of that category (rule `similar`).
 * Two ways of being close: `wording`, a row within `threshold` of the row of a label or synonym; `centroid`, a row
 * within `threshold` of the mean of the category's wording rows, ahead of the next category by `margin`. A row
 * close to two categories is dropped. Kept words are common nouns kuromoji knows as one word, of two characters or
 * more, not a catalogue wording: proper names, numbers and fragments fill the vectors' vocabulary too.
 */
import type { CategoryCatalog } from '../../core/scenery-search/categories.ts';
import { foldKana } from '../../core/scenery-search/normalize.ts';
import type { TagPattern } from '../../core/scenery-search/tag-pattern.ts';
import type { TokenizeText } from '../../core/scenery-search/tokenizer.ts';
import { cosine, type WordVectors } from './spacy-vectors.ts';

export interface Closeness {
  method: 'wording' | 'centroid';
  threshold: number;
  margin: number;
}

const JAPANESE = /^[\u3041-\u309f\u30a1-\u30fc\u4e00-\u9fff々]+$/u;
const NOT_CONTENT = new Set(['数', '接尾', '代名詞', '非自立', '固有名詞']);

function wordingRows(catalog: CategoryCatalog, vectors: WordVectors): number[][] {
  return catalog.categories.map((c) => [
    ...new Set(
      [c.label, ...c.synonyms].flatMap((w) => {
        const row = vectors.rowOf.get(w.normalize('NFKC'));
        return row === undefined ? [] : [row];
      }),
    ),
  ]);
}

function centroid(rows: number[], vectors: WordVectors): Float32Array {
  const sum = new Float32Array(vectors.width);
  for (const r of rows) {
    const v = vectors.vector(r);
    for (let j = 0; j < sum.length; j++) sum[j] = (sum[j] as number) + (v[j] as number);
  }
  const norm = Math.hypot(...sum) || 1;
  return sum.map((x) => x / norm);
}

/** Row → the one category it is close to. */
function closeRows(catalog: CategoryCatalog, vectors: WordVectors, how: Closeness): Map<number, number> {
  const byCategory = wordingRows(catalog, vectors);
  const anchors = byCategory.flatMap((rows, category) =>
    how.method === 'centroid'
      ? rows.length > 0
        ? [{ category, v: centroid(rows, vectors) }]
        : []
      : rows.map((r) => ({ category, v: vectors.vector(r) })),
  );
  const out = new Map<number, number>();
  for (let row = 0; row < vectors.rows; row++) {
    const v = vectors.vector(row);
    const best = new Map<number, number>();
    for (const a of anchors) best.set(a.category, Math.max(best.get(a.category) ?? -1, cosine(a.v, v)));
    const ranked = [...best].sort((a, b) => b[1] - a[1]);
    const [first, second] = ranked;
    if (!first || first[1] < how.threshold - 1e-6) continue;
    const rival = second?.[1] ?? -1;
    if (how.method === 'wording' ? rival >= how.threshold - 1e-6 : first[1] - rival < how.margin) continue;
    out.set(row, first[0]);
  }
  return out;
}

export function similarWordPatterns(
  catalog: CategoryCatalog,
  tokenize: TokenizeText,
  vectors: WordVectors,
  how: Closeness,
): TagPattern[] {
  const wordings = new Set(catalog.categories.flatMap((c) => [c.label, ...c.synonyms].map((w) => w.normalize('NFKC'))));
  const out: TagPattern[] = [];
  for (const [row, category] of closeRows(catalog, vectors, how)) {
    for (const word of vectors.wordsOf[row] ?? []) {
      if (word.length < 2 || !JAPANESE.test(word) || wordings.has(word)) continue;
      const tokens = tokenize(word);
      const t = tokens[0];
      if (tokens.length !== 1 || !t || !t.known || t.pos !== '名詞' || NOT_CONTENT.has(t.detail)) continue;
      out.push({ parts: [{ text: foldKana(word), conjugates: false }], category, wording: word, kanaOnly: false });
    }
  }
  return out;
}
