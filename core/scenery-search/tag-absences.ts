/**
 * Categories stated by what a scene lacks: a quiet street is where people and traffic are absent (人や車の姿が見られ
 * ない静かな通り, in the catalogue's own evidence), so a clause that denies passers-by (人通りはない, 人影は見当たらない,
 * 人の姿もない) states the category. Written from the catalogue's labels and evidence; each word is searched as a
 * string (a few per text) and counts only where its clause denies it (observed-negation.ts).
 */
import type { CategoryCatalog } from './categories.ts';
import { clauseAfter, deniedInClause } from './observed-negation.ts';
import type { TokenizeText } from './tokenizer.ts';

const STATED_BY_ABSENCE: Record<string, readonly string[]> = {
  quiet_street: ['人通り', '人影', '人の姿', '人の気配', '人気', '通行人', '歩行者', '車通り', '往来'],
};

export interface AbsenceSpan {
  category: number;
  start: number;
  end: number;
  denied: false;
  rule: string;
}

/** The categories a lowercased NFKC text states by denying one of their absent things, but for those `known` holds. */
export type AbsenceMatcher = (original: string, known: (category: number) => boolean) => AbsenceSpan[];

export function absenceMatcher(catalog: CategoryCatalog, tokenize: TokenizeText): AbsenceMatcher {
  const rules = Object.entries(STATED_BY_ABSENCE).map(([id, words]) => {
    const category = catalog.byId.get(id);
    if (!category) throw new Error(`tag-absences.ts: unknown category ${id}`);
    return { category: category.index, rule: `${id}/absence`, words };
  });
  return (original, known) => {
    const out: AbsenceSpan[] = [];
    for (const { category, rule, words } of rules) {
      if (known(category)) continue;
      for (const word of words) {
        const at = original.indexOf(word);
        if (at < 0 || !deniedInClause(clauseAfter(original, at), word.length, tokenize)) continue;
        out.push({ category, start: at, end: at + word.length, denied: false, rule });
        break;
      }
    }
    return out;
  };
}
