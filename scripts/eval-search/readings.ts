/**
 * node scripts/eval-search/readings.ts --queries FILE [--class long_sentence]
 *
 * How each query of a development set is read against its labels, without a release: the conditions read (hard,
 * soft or negated, with the rule that made a condition soft) and the labelled ones not read. Counts per class: hard
 * conditions outside `all`/`none`, labelled `all` read soft or not at all, `prefer` read hard. Development sets only.
 */
import { parseArgs } from 'node:util';
import { loadCatalog } from '../../core/scenery-search/categories.ts';
import { buildCorpus } from '../../core/scenery-search/corpus.ts';
import { createSearchEngine } from '../../core/scenery-search/engine.ts';
import { loadQueries } from './queries.ts';

const { values } = parseArgs({
  options: {
    queries: { type: 'string' },
    class: { type: 'string', default: 'long_sentence' },
    quiet: { type: 'boolean' },
  },
});
if (!values.queries) {
  process.stderr.write('usage: readings.ts --queries FILE [--class A,B] [--quiet]\n');
  process.exit(2);
}
const classes = new Set((values.class as string).split(','));
const catalog = loadCatalog();
const engine = await createSearchEngine(await buildCorpus([], catalog), catalog, { pageCache: false });
const totals = { queries: 0, extraHard: 0, allSoft: 0, allMissing: 0, preferHard: 0, noneMissed: 0 };
for (const q of loadQueries(values.queries)) {
  if (!q.q || !classes.has(q.class ?? '')) continue;
  totals.queries++;
  const i = await engine.interpretQuery(q.q);
  const all = new Set(q.all ?? []);
  const none = new Set(q.none ?? []);
  const prefer = new Set(q.prefer ?? []);
  const marks: string[] = [];
  for (const c of i.conditions) {
    const id = c.category_id;
    const labelled = c.negated ? none.has(id) : all.has(id);
    if (!c.soft && !labelled) totals.extraHard++;
    if (c.soft && !c.negated && all.has(id)) totals.allSoft++;
    if (!c.soft && !c.negated && prefer.has(id)) totals.preferHard++;
    const why = c.soft_by ? `(${c.soft_by})` : '';
    marks.push(`${c.soft ? '~' : ''}${c.negated ? '-' : ''}${id}${why}${!c.soft && !labelled ? '!' : ''}`);
  }
  const read = new Set(i.conditions.map((c) => c.category_id));
  const missing = [...all].filter((id) => !read.has(id));
  totals.allMissing += missing.length;
  const missedNone = [...none].filter((id) => !i.conditions.some((c) => c.negated && c.category_id === id));
  totals.noneMissed += missedNone.length;
  if (!values.quiet) {
    console.log(q.q);
    console.log(`  read: ${marks.join(' ')}`);
    console.log(
      `  label: all ${[...all]} | prefer ${[...prefer]} | none ${[...none]}${missing.length ? ` | all not read: ${missing}` : ''}`,
    );
  }
}
console.log(JSON.stringify(totals));
