/**
 * node scripts/eval-search/tag-source-calibration.ts --release DIR --queries FILE[,FILE…] [--modes jev,text]
 *   [--factors JSON]
 *
 * Calibrates `x-match-score.tag_source` and `hedged` on development query sets: runs each query once per mode,
 * keeps every result's match_score, relevance and the stored source of each hard condition's tag (tag-source.ts),
 * then prints the pooled AUC per mode with the spec's factors and with each table of `--factors` (a JSON list of
 * `{ "name", "tag_source": {…}, "hedged" }`), the score's tag factor swapped for the table's. Results are those of
 * the current page: a table that changes the page's order is measured on the page the spec's factors chose.
 * Development sets only (test/search-eval/queries.yaml, dev/*.yaml).
 */
import { parseArgs } from 'node:util';
import { loadCatalog } from '../../core/scenery-search/categories.ts';
import { tagSourceOf } from '../../core/scenery-search/corpus.ts';
import { tagSourceFactor } from '../../core/scenery-search/match-probability.ts';
import type { SearchMode } from '../../core/scenery-search/request.ts';
import { isHedged, sourceName, type TagSource } from '../../core/scenery-search/tag-source.ts';
import { rocAuc } from './metrics.ts';
import { isRelevant, loadQueries } from './queries.ts';
import { openEvalEngine } from './release.ts';

const { values } = parseArgs({
  options: {
    release: { type: 'string' },
    queries: { type: 'string' },
    modes: { type: 'string', default: 'jev,text' },
    factors: { type: 'string', default: '[]' },
  },
});
if (!values.release || !values.queries) {
  process.stderr.write('usage: tag-source-calibration.ts --release DIR --queries FILE[,FILE] [--factors JSON]\n');
  process.exit(2);
}
type Table = { name: string; tag_source: Partial<Record<TagSource, number>>; hedged: number };
const tables = JSON.parse(values.factors as string) as Table[];
const catalog = loadCatalog();
const { truth, corpus, engine } = await openEvalEngine(values.release, catalog);
const NOW = new Date('2026-11-21T12:00:00Z');
const queries = (values.queries as string).split(',').flatMap((file) => loadQueries(file));

type Row = { score: number; relevant: boolean; sources: number[] };
const rows = new Map<string, Row[]>();
for (const mode of (values.modes as string).split(',') as SearchMode[]) {
  const out: Row[] = [];
  for (const query of queries) {
    if (query.expect === 'empty' || (!query.q && !query.preset)) continue;
    const body = query.preset ? { preset: query.preset, mode, limit: 24 } : { query: query.q, mode, limit: 24 };
    const page = await engine.search(body, NOW);
    const hard = page.interpretation.conditions.filter((c) => !c.negated && !c.soft);
    if (page.interpretation.combine === 'any') continue;
    for (const r of page.results) {
      if (r.match_score === undefined) continue;
      const doc = corpus.docById.get(r.id) as number;
      const sources = hard.map((c) => tagSourceOf(corpus, doc, corpus.categoryIndex.get(c.category_id) ?? -1));
      out.push({
        score: r.match_score,
        relevant: isRelevant(query, truth.get(r.id)?.categories ?? new Set()),
        sources,
      });
    }
  }
  rows.set(mode, out);
}

const factorOf = (table: Table | null, source: number) => {
  if (table === null) return tagSourceFactor(source);
  if (source < 0) return 1;
  return (table.tag_source[sourceName(source)] ?? 1) * (isHedged(source) ? table.hedged : 1);
};
const aucOf = (list: Row[], table: Table | null) => {
  const scores = list.map((r) => {
    let s = r.score;
    for (const src of r.sources) s = (s / Math.max(1e-9, factorOf(null, src))) * factorOf(table, src);
    return { s, relevant: r.relevant };
  });
  return rocAuc(
    scores.filter((x) => x.relevant).map((x) => x.s),
    scores.filter((x) => !x.relevant).map((x) => x.s),
  );
};
const none: Table = { name: 'no tag factor', tag_source: {}, hedged: 1 };
for (const [mode, list] of rows) {
  console.log(`${mode}: ${list.length} results, ${list.filter((r) => r.relevant).length} relevant`);
  for (const table of [null, none, ...tables])
    console.log(`  ${table?.name ?? 'spec'}: AUC ${aucOf(list, table)?.toFixed(3)}`);
}
