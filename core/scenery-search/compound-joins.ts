/**
 * Two wordings of a query whose categories the catalogue combines into a third (階段 + 坂 → 階段坂, stepped_slope;
 * the table of tag-compounds.ts) name the combination when the first modifies the second: side by side, joined by
 * の or 状の, or by a copula of what the second has become (階段になっている坂道, 石段になった坂). The string joins of
 * meaning/joins.ts reach only a compound spelt from the two wordings as written; here any wording of each category
 * does (坂道 for the 坂 of 階段坂), and the pair is replaced by the compound it names.
 */
import type { CategoryCatalog } from './categories.ts';
import { type CategoryMatch, RULE_WEIGHTS, toMatch } from './meaning/category-match.ts';
import { foldKana } from './normalize.ts';
import { type CompoundTable, compoundTable } from './tag-compounds.ts';

// Between the modifier's wording and the head's: nothing, の, 状の, or になる in a form that states a state.
const MODIFIES = /^(?:|の|状の|に(?:なって(?:いる|る|います)|なった))$/u;

const tables = new WeakMap<CategoryCatalog, CompoundTable>();
function compoundsOf(catalog: CategoryCatalog): CompoundTable {
  let table = tables.get(catalog);
  if (table === undefined) {
    table = compoundTable(catalog);
    tables.set(catalog, table);
  }
  return table;
}

/** Replaces in place each pair of neighbouring matches that names a compound category by the compound. */
export function joinCompoundCategories(catalog: CategoryCatalog, folded: string, matches: CategoryMatch[]): void {
  const table = compoundsOf(catalog);
  matches.sort((a, b) => a.start - b.start);
  for (let k = 0; k + 1 < matches.length; k++) {
    const left = matches[k] as CategoryMatch;
    const right = matches[k + 1] as CategoryMatch;
    if (!MODIFIES.test(folded.slice(left.end, right.start))) continue;
    const compounds = table.get(left.category.index)?.get(right.category.index);
    // Two compounds of one pair would be a guess between them.
    if (compounds?.length !== 1) continue;
    const category = catalog.categories[compounds[0] as number];
    if (category === undefined) continue;
    // As sure as the less sure of the two, and never surer than an inflection (as in joins.ts).
    const weakest = left.weight < right.weight ? left : right;
    const rule = weakest.weight < RULE_WEIGHTS.inflection ? weakest.rule : 'inflection';
    // A label listing alternatives (防潮堤・護岸) is no wording a text writes: its first synonym is.
    const written = category.label.includes('・') ? (category.synonyms[0] ?? category.label) : category.label;
    const text = foldKana(written.normalize('NFKC').toLowerCase());
    const wording = {
      text,
      category,
      kind: written === category.label ? ('label' as const) : ('synonym' as const),
      generated: false,
    };
    matches.splice(k, 2, toMatch(wording, left.start, right.end, folded, rule));
  }
}
