/**
 * Warnings that keep a page honest about what the query meant to the search: nothing understood as scenery (the
 * page is then empty rather than an arbitrary sample), content words dropped, a negation tied to no condition,
 * conditions matched by words only, and a related page that is not a match. They are computed from the interpretation, which the cursor carries, so
 * every page of a search says the same.
 */
import type { CategoryCatalog } from './categories.ts';
import type { Interpretation } from './interpretation-types.ts';
import type { IgnoredReason } from './query-words.ts';

const DROPPED_BECAUSE: Partial<Record<IgnoredReason, string>> = {
  not_scenery: 'not a scenery word of the catalogue or of any observation',
  unknown_place: 'not a ward listed by /explore/api/meta',
  unsupported_year: 'outside the capture years that can be searched',
  negated_word: 'negated, but no category covers it and the text index cannot search for an absence',
};

/**
 * Whether the query asks for scenery the search can look for: a category condition or an indexed word, and a main
 * request that is scenery (a cursor of an older interpretation has no `request_not_scenery`).
 */
export function understoodScenery(interpretation: Interpretation): boolean {
  if (interpretation.request_not_scenery) return false;
  return interpretation.conditions.length > 0 || interpretation.text_terms.length > 0;
}

/** The warning of a query whose main request is not scenery: what it asks for, and what only modified it. */
function nonSceneryRequestWarning(interpretation: Interpretation, head: string, catalog: CategoryCatalog): string {
  const modifiers = interpretation.conditions.map((c) => `"${c.matched_text ?? c.label}"`);
  const only =
    modifiers.length > 0
      ? ` (${modifiers.join(', ')} only describe what it belongs to, and are not searched alone)`
      : '';
  return (
    `the query asks for "${head}", which is not scenery a street photograph shows, so no scene is listed${only}; ` +
    catalogueHint(catalog)
  );
}

/** What the catalogue covers, in a few words: its size, one label per preset, and the preset ids. */
export function catalogueHint(catalog: CategoryCatalog): string {
  const examples = catalog.presets
    .map((p) => catalog.byId.get(p.categories[0] ?? '')?.label)
    .filter((label): label is string => label !== undefined);
  return (
    `the search covers ${catalog.categories.length} kinds of street scenery (listed by /explore/api/meta), ` +
    `for example ${examples.slice(0, 6).join(', ')}, and the presets ${catalog.presets.map((p) => p.id).join(', ')}`
  );
}

// A negation the interpretation tied to no scenery word (立っていない after 電柱が) is left as a function word.
const NEGATION_WORD = /^(?:ない|無い|なし|無し|なく|無く|ず|ぬ|ません|ねえ)$/u;

function untiedNegations(interpretation: Interpretation): string[] {
  const words = interpretation.ignored.filter((w) => w.reason === 'function_word' && NEGATION_WORD.test(w.text));
  return [...new Set(words.map((w) => `"${w.text}"`))];
}

function droppedWords(interpretation: Interpretation): string[] {
  return interpretation.ignored.flatMap((w) => {
    const because = DROPPED_BECAUSE[w.reason];
    return because ? [`"${w.text}" (${because})`] : [];
  });
}

export function interpretationWarnings(interpretation: Interpretation, catalog: CategoryCatalog): string[] {
  if (interpretation.source === 'preset') return [];
  const dropped = droppedWords(interpretation);
  if (interpretation.request_not_scenery)
    return [nonSceneryRequestWarning(interpretation, interpretation.request_not_scenery, catalog)];
  if (!understoodScenery(interpretation)) {
    // Name what was not understood: its content words, else (only particles, prefixes and suffixes left) the query.
    const what =
      dropped.length > 0
        ? `; not understood: ${dropped.join(', ')}`
        : interpretation.places.length > 0 || interpretation.years.length > 0
          ? '; only a ward or capture years were understood'
          : `; not understood: "${interpretation.normalized_query}"`;
    return [`the query names no scenery the search knows, so no scene is listed${what}; ${catalogueHint(catalog)}`];
  }
  const warnings: string[] = [];
  if (dropped.length > 0) warnings.push(`query words not understood and not searched: ${dropped.join(', ')}`);
  const negations = untiedNegations(interpretation);
  if (negations.length > 0) {
    warnings.push(
      `the negation ${negations.join(', ')} was tied to no condition, so the conditions were searched as present`,
    );
  }
  if (interpretation.conditions.length === 0) {
    warnings.push(
      `no scenery category was understood; results only contain the words ${interpretation.text_terms.map((t) => `"${t}"`).join(', ')}`,
    );
  }
  return warnings;
}

export const RELATED_WARNING =
  'no candidate satisfied every understood condition: these results are related, not matching; each satisfies ' +
  'some of the conditions, as its quotes show';
