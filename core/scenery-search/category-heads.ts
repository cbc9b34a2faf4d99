/**
 * The head nouns of each category's wordings (the last noun of its label and of each synonym: 道 of 住宅街の道,
 * 道路 of 住宅街の生活道路, 路地 of 細い路地). A clause that denies a noun phrase these head (住宅地の中を通る道は
 * 見られない) denies the category named inside it (observed-negation.ts); one that denies another noun (公園で遊ぶ子ども
 * はいない) leaves it stated.
 */
import type { CategoryCatalog } from './categories.ts';
import { foldKana } from './normalize.ts';
import type { TokenizeText } from './tokenizer.ts';

const KANA = /^[\u3041-\u309f\u30a1-\u30fc]+$/u;

export function categoryHeads(catalog: CategoryCatalog, tokenize: TokenizeText): ReadonlySet<string>[] {
  return catalog.categories.map((c) => {
    const heads = new Set<string>();
    for (const wording of [c.label, ...c.synonyms]) {
      const normalized = wording.normalize('NFKC').toLowerCase();
      // A wording in kana is a reading, which kuromoji cuts into nonsense.
      if (KANA.test(normalized)) continue;
      const last = tokenize(normalized).findLast((t) => t.pos === '名詞');
      if (last) heads.add(foldKana(last.surface));
    }
    return heads;
  });
}
