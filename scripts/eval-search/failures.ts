/**
 * node scripts/eval-search/failures.ts --release DIR --queries FILE [--class verb_negation,long_sentence] [--modes jev,text]
 *
 * Why the wrong results of a query set's first ten are wrong, per mode and class: the scene shows an excluded
 * category (and whether the index tagged it, or its text names it by a catalogue wording), lacks a required one
 * (and whether that condition was read hard, soft or not at all), or neither. Development sets only: the held-out
 * files are read by the evaluation, never diagnosed query by query.
 */
import { parseArgs } from 'node:util';
import { loadCatalog } from '../../core/scenery-search/categories.ts';
import { assessCategory, foldObservation, matcherFor } from '../../core/scenery-search/evidence.ts';
import { contains } from '../../core/scenery-search/postings.ts';
import type { SearchMode } from '../../core/scenery-search/request.ts';
import { isRelevant, loadQueries } from './queries.ts';
import { openEvalEngine } from './release.ts';

const { values } = parseArgs({
  options: {
    release: { type: 'string' },
    queries: { type: 'string' },
    class: { type: 'string', default: 'verb_negation,long_sentence' },
    modes: { type: 'string', default: 'jev,text' },
    verbose: { type: 'boolean', default: false },
  },
});
if (!values.release || !values.queries) {
  process.stderr.write('usage: failures.ts --release DIR --queries FILE [--class A,B] [--modes jev,text]\n');
  process.exit(2);
}
const classes = new Set((values.class as string).split(','));
const catalog = loadCatalog();
const { truth, corpus, engine } = await openEvalEngine(values.release, catalog);
const docOf = new Map(corpus.ids.toArray().map((id, doc) => [id, doc]));
const kept = corpus.observations ?? [];
const queries = loadQueries(values.queries).filter((q) => q.q && classes.has(q.class ?? ''));
const NOW = new Date('2026-11-21T12:00:00Z');

type Kind = string;
const table = new Map<string, Map<Kind, number>>();
const count = (row: string, kind: Kind) => {
  const m = table.get(row) ?? new Map<Kind, number>();
  m.set(kind, (m.get(kind) ?? 0) + 1);
  table.set(row, m);
};

for (const mode of (values.modes as string).split(',') as SearchMode[]) {
  for (const query of queries) {
    const page = await engine.search({ query: query.q, mode, limit: 24 }, NOW);
    const read = new Map(page.interpretation.conditions.map((c) => [c.category_id, c]));
    const row = `${mode} ${query.class}`;
    if (values.verbose) console.log(`## ${mode} ${page.mode} n=${page.results.length} ${query.q}`);
    page.results.slice(0, 10).forEach((r) => {
      const shows = truth.get(r.id)?.categories ?? new Set<string>();
      if (isRelevant(query, shows)) {
        count(row, 'right');
        return;
      }
      const doc = docOf.get(r.id) as number;
      const folded = foldObservation(kept[doc] as never);
      const kinds: string[] = [];
      for (const id of (query.none ?? []).filter((c) => shows.has(c))) {
        const category = catalog.byId.get(id);
        const tagged = contains(corpus.categoryDocs[corpus.categoryIndex.get(id) ?? -1] ?? new Uint32Array(), doc);
        const presence = category ? assessCategory(folded, matcherFor(category, catalog.categories)).presence : -1;
        const how = !read.has(id)
          ? 'not_read'
          : tagged
            ? 'tagged'
            : presence >= 2
              ? 'untagged_worded'
              : presence === 0
                ? 'untagged_denied'
                : 'untagged_unnamed';
        kinds.push(`excluded_shown:${how}`);
      }
      const lacking = query.any
        ? query.any.some((c) => shows.has(c))
          ? []
          : ['any']
        : (query.all ?? []).filter((c) => !shows.has(c));
      for (const id of lacking) {
        const c = read.get(id);
        const tagged =
          id !== 'any' && contains(corpus.categoryDocs[corpus.categoryIndex.get(id) ?? -1] ?? new Uint32Array(), doc);
        const how = !c ? 'not_read' : c.negated ? 'read_negated' : c.soft ? 'read_soft' : 'read_hard';
        const worded =
          c?.matched_text &&
          (corpus.text.docHasTerm(doc, c.matched_text) || corpus.text.docHasTerm(doc, c.matched_wording ?? ''));
        const support = tagged ? '_tagged' : worded ? '_untagged_worded' : '_untagged';
        kinds.push(`required_missing:${how}${c && !c.soft && !c.negated ? support : ''}`);
      }
      if (kinds.length === 0) kinds.push('other');
      for (const k of new Set(kinds)) count(row, k);
      if (values.verbose)
        console.log(
          `${mode} ${query.q} :: ${[...new Set(kinds)].join(' ')} :: ${r.id} ${r.title ?? ''} :: ${[...shows].join(',')}\n    ${folded.text.replaceAll('\n', ' / ').slice(0, 700)}`,
        );
    });
    if (page.results.length < 10) for (let i = page.results.length; i < 10; i++) count(row, 'empty_slot');
  }
}
const kinds = [...new Set([...table.values()].flatMap((m) => [...m.keys()]))].sort();
console.log(`\n| mode class | ${kinds.join(' | ')} |\n| --- | ${kinds.map(() => '---').join(' | ')} |`);
for (const [row, m] of [...table].sort()) console.log(`| ${row} | ${kinds.map((k) => m.get(k) ?? 0).join(' | ')} |`);
