/**
 * The interpreter against the real catalogue, as the clause-rule tests read queries: no corpus unless `occurs` is
 * given (every word then counts as occurring) or `countTogether` (no requirement is then released), the wards given,
 * a fixed clock.
 */
import { type InterpretInput, interpret } from '../../../core/scenery-search/interpret.ts';
import type { Interpretation } from '../../../core/scenery-search/interpretation-types.ts';
import { buildLexicon } from '../../../core/scenery-search/lexicon.ts';
import { buildWardMatcher } from '../../../core/scenery-search/places.ts';
import type { CountTogether } from '../../../core/scenery-search/sparse-conditions.ts';
import { loadTokenizer } from '../../../core/scenery-search/tokenizer.ts';
import { testCatalog } from './fixture.ts';

export type ReadQuery = (query: string | null, request?: Partial<InterpretInput>) => Interpretation;

export async function loadQueryReader(
  options: { wards?: string[]; occurs?: (term: string) => boolean; countTogether?: CountTogether } = {},
): Promise<ReadQuery> {
  const catalog = testCatalog();
  const lexicon = buildLexicon(catalog);
  const tokenize = await loadTokenizer();
  const wards = buildWardMatcher(options.wards ?? [], (w) => lexicon.entries.has(w));
  const occurs = options.occurs ?? (() => true);
  const { countTogether } = options;
  return (query, request = {}) =>
    interpret(
      { catalog, lexicon, wards, tokenize, occurs, countTogether, nowYear: 2026, minYear: 1900, maxYear: 2026 },
      { query, preset: null, wardSent: false, yearsSent: false, ...request },
    );
}

/**
 * `id` required, `-id` excluded, `~id` wished, `~-id` wished absent; with `rule`, `~id(soft_by)`. Sorted as strings,
 * or with `byCategory` by the category id alone (a reading's marks then do not move it).
 */
export function marks(i: Interpretation, options: { rule?: boolean; byCategory?: boolean } = {}): string[] {
  const bare = (mark: string) => mark.replace(/^[~-]+/u, '');
  return i.conditions
    .map((c) => {
      const rule = options.rule && c.soft ? `(${c.soft_by})` : '';
      return `${c.soft ? '~' : ''}${c.negated ? '-' : ''}${c.category_id}${rule}`;
    })
    .sort(options.byCategory ? (a, b) => bare(a).localeCompare(bare(b)) : undefined);
}
