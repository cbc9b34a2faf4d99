/**
 * node scripts/eval-search/score-features.ts --release DIR --queries FILE[,FILE…] [--modes jev,text] --out FILE.json
 *
 * Writes, for every result of every development query (limit 24, as the evaluation's AUC pools them), its
 * match_score, its relevance and what the score could be read from: the page's mode, whether its text holds
 * partial evidence of an excluded thing (partial-mentions.ts), the stored source of each hard condition's tag and
 * the judge's probabilities. A table to try factors of match_score on without running the search again.
 * Development sets only (test/search-eval/queries.yaml, dev/*.yaml).
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadCatalog } from '../../core/scenery-search/categories.ts';
import { tagSourceOf } from '../../core/scenery-search/corpus.ts';
import { partialEvidence } from '../../core/scenery-search/partial-mentions.ts';
import { intersectAll } from '../../core/scenery-search/postings.ts';
import type { SearchMode } from '../../core/scenery-search/request.ts';
import { isRelevant, loadQueries } from './queries.ts';
import { openEvalEngine } from './release.ts';

const { values } = parseArgs({
  options: {
    release: { type: 'string' },
    queries: { type: 'string' },
    modes: { type: 'string', default: 'jev,text' },
    out: { type: 'string' },
  },
});
if (!values.release || !values.queries || !values.out) {
  process.stderr.write('usage: score-features.ts --release DIR --queries FILE[,FILE] --out FILE.json\n');
  process.exit(2);
}
const catalog = loadCatalog();
const { observations, truth, corpus, engine } = await openEvalEngine(values.release, catalog);
const NOW = new Date('2026-11-21T12:00:00Z');
const byDoc = new Map(observations.map((o) => [corpus.docById.get(o.scene_id) as number, o]));
const load = async (docs: number[]) => new Map(docs.map((d) => [d, byDoc.get(d) as (typeof observations)[number]]));

const rows: unknown[] = [];
for (const file of (values.queries as string).split(',')) {
  for (const mode of (values.modes as string).split(',') as SearchMode[]) {
    for (const query of loadQueries(file)) {
      if (query.expect === 'empty' || (!query.q && !query.preset)) continue;
      const body = query.preset ? { preset: query.preset, mode, limit: 24 } : { query: query.q, mode, limit: 24 };
      const page = await engine.search(body, NOW);
      const i = page.interpretation;
      const hard = i.conditions.filter((c) => !c.negated && !c.soft);
      const partial = partialEvidence(corpus, i, (id) => catalog.byId.get(id));
      const docs = page.results.map((r) => corpus.docById.get(r.id) as number);
      // What the query as a whole could be read from: how many scenes the index tags with every hard condition's
      // category, how many candidates were taken and how many results came of them, how sure the reading is.
      const categoryOf = (c: { category_id: string }) => corpus.categoryIndex.get(c.category_id) ?? -1;
      const fullyTagged =
        hard.length === 0
          ? 0
          : intersectAll(hard.map((c) => corpus.categoryDocs[categoryOf(c)] ?? new Uint32Array(0))).length;
      const perQuery = {
        shown: page.results.length,
        has_more: page.has_more,
        considered: page.usage.candidates_considered,
        fully_tagged: fullyTagged,
        interpretation_confidence: i.match_confidence,
        reading: {
          normalized: i.normalized_query,
          ignored: i.ignored,
          places: i.places.map((p) => p.matched_text),
          years: i.years.map((y) => y.matched_text),
          text_terms: i.text_terms,
          matched: i.conditions.map((c) => c.matched_text),
        },
        conditions: i.conditions.map((c) => ({
          category: c.category_id,
          rule: c.rule,
          confidence: c.confidence,
          negated: c.negated,
          soft: c.soft,
          tagged: (corpus.categoryDocs[categoryOf(c)] ?? []).length,
        })),
      };
      const demoted = partial ? await partial(docs, load) : new Set<number>();
      page.results.forEach((r, at) => {
        const doc = docs[at] as number;
        rows.push({
          file,
          query: query.q ?? `preset:${query.preset}`,
          class: query.class ?? null,
          mode,
          page: page.mode,
          combine: i.combine,
          at,
          score: r.match_score,
          relevant: isRelevant(query, truth.get(r.id)?.categories ?? new Set()),
          demoted: demoted.has(doc),
          hard: hard.map((c) => ({
            key: c.key,
            category: c.category_id,
            rule: c.rule,
            source: tagSourceOf(corpus, doc, corpus.categoryIndex.get(c.category_id) ?? -1),
          })),
          // Requirements a sparse long request released to wishes (sparse-conditions.ts), and whether the scene is
          // tagged with each: the share of right results among those lacking one calibrates `released_missing`.
          released: i.conditions
            .filter((c) => c.soft_by === 'sparse')
            .map((c) => ({
              key: c.key,
              tagged: (corpus.categoryDocs[categoryOf(c)] ?? new Uint32Array(0)).includes(doc),
            })),
          negated: i.conditions.filter((c) => c.negated && !c.soft).length,
          soft: i.conditions.filter((c) => c.soft).length,
          ignored: i.ignored.map((w) => w.reason),
          terms: i.text_terms.length,
          probabilities: r.match_probabilities,
          confidence: r.match_confidence,
          ...perQuery,
        });
      });
    }
  }
}
writeFileSync(values.out as string, JSON.stringify(rows));
// Per category index: how many tags the index holds from each stored source (tag-source.ts), to weigh a condition by
// what its category's tags are usually made from.
const sources: Record<number, number[]> = {};
corpus.tagIds.forEach((category, at) => {
  const counts = sources[category] ?? new Array(16).fill(0);
  sources[category] = counts;
  const source = corpus.tagSources[at] as number;
  counts[source] = (counts[source] ?? 0) + 1;
});
writeFileSync(
  `${values.out}.sources.json`,
  JSON.stringify({ index: Object.fromEntries(corpus.categoryIndex), sources }),
);
console.log(`${rows.length} results written to ${values.out}`);
