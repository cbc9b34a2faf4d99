/**
 * Categories that are the combination of two others (赤レンガ倉庫 = 赤レンガ of brick + 倉庫 of warehouse), found in
 * the catalogue by rule: a label or synonym written as a wording of one category, optionally の or 造りの, then a
 * wording of another. Text that names both in one noun phrase (赤煉瓦の大きな倉庫, レンガ積みの倉庫群) names the
 * combination too: the modifier's word before the head's, a few characters apart, with nothing between that ends
 * the phrase: only の, adjectives (大きな, 古い) and 連用形 nouns (積みの) may stand between, so a particle or a
 * predicate (赤レンガの塀の横に倉庫, 歩道のある橋) or a clause or sentence boundary keeps the two apart.
 */
import type { CategoryCatalog } from './categories.ts';
import { foldKana } from './normalize.ts';

/** Compound categories by modifier category, then by head category. */
export type CompoundTable = Map<number, Map<number, number[]>>;

const JOINS = ['', 'の', '造りの', 'づくりの'];
// At most this many characters between the modifier's word and the head's (の大きな, 積みの).
const MAX_GAP = 6;
const NOUN_PHRASE_GAP =
  /^(?:の|造りの|(?:[\u4e00-\u9fff]{1,3}[\u3041-\u309f]{0,2}[いな]|[\u4e00-\u9fff]{1,2}[みきりけ])の?)*$/u;

const fold = (w: string) => foldKana(w.normalize('NFKC').toLowerCase());

export function compoundTable(catalog: CategoryCatalog): CompoundTable {
  const owner = new Map<string, number>();
  for (const c of catalog.categories)
    for (const w of [c.label, ...c.synonyms]) if (!owner.has(fold(w))) owner.set(fold(w), c.index);
  const table: CompoundTable = new Map();
  for (const c of catalog.categories) {
    for (const w of [c.label, ...c.synonyms].map(fold)) {
      for (let cut = 1; cut < w.length; cut++) {
        const modifier = owner.get(w.slice(0, cut));
        if (modifier === undefined || modifier === c.index) continue;
        for (const join of JOINS) {
          if (!w.startsWith(join, cut)) continue;
          const head = owner.get(w.slice(cut + join.length));
          if (head === undefined || head === c.index || head === modifier) continue;
          const byHead = table.get(modifier) ?? new Map<number, number[]>();
          const list = byHead.get(head) ?? [];
          if (!list.includes(c.index)) list.push(c.index);
          byHead.set(head, list);
          table.set(modifier, byHead);
        }
      }
    }
  }
  return table;
}

interface Span {
  category: number;
  start: number;
  end: number;
  denied: boolean;
}

/** The compound categories named by pairs of `spans` (in text order) of one `text`, as spans over both words. */
export function compoundSpans<S extends Span>(text: string, spans: readonly S[], table: CompoundTable): Span[] {
  const out: Span[] = [];
  for (let i = 0; i < spans.length; i++) {
    const a = spans[i] as S;
    const byHead = table.get(a.category);
    if (byHead === undefined) continue;
    for (let j = i + 1; j < spans.length; j++) {
      const b = spans[j] as S;
      if (b.start - a.end > MAX_GAP) break;
      if (b.start < a.end || !NOUN_PHRASE_GAP.test(text.slice(a.end, b.start))) continue;
      for (const category of byHead.get(b.category) ?? [])
        out.push({ category, start: a.start, end: b.end, denied: b.denied });
    }
  }
  return out;
}
