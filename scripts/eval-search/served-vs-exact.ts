/**
 * node scripts/eval-search/served-vs-exact.ts --release DIR [--queries FILE,FILE] [--modes jev,text] [--verbose]
 *
 * How many first pages of the development queries differ between the index as served (built without observation
 * texts: a wording is looked up by its bigrams) and an exact one (built with the texts), per mode and set. A page
 * differs in its results when the ids or their order differ, and in its scores when a shown result's match_score or
 * the unverified conditions differ. Development sets only (test/search-eval/dev/ and queries.yaml by default).
 */
import { readdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadCatalog } from '../../core/scenery-search/categories.ts';
import { buildCorpus } from '../../core/scenery-search/corpus.ts';
import { createSearchEngine, type SearchPage } from '../../core/scenery-search/engine.ts';
import { readReleaseCorpus } from '../../core/scenery-search/release-corpus.ts';
import type { SearchMode } from '../../core/scenery-search/request.ts';
import { loadQueries } from './queries.ts';

const devDir = new URL('../../test/search-eval/dev/', import.meta.url).pathname;
const devSets = readdirSync(devDir)
  .filter((f) => f.endsWith('.yaml') && f !== 'observations.yaml')
  .map((f) => `${devDir}${f}`);
const { values } = parseArgs({
  options: {
    release: { type: 'string' },
    queries: { type: 'string', default: devSets.join(',') },
    modes: { type: 'string', default: 'jev,text' },
    verbose: { type: 'boolean', default: false },
  },
});
if (!values.release) {
  process.stderr.write('usage: served-vs-exact.ts --release DIR [--queries FILE,FILE] [--modes jev,text]\n');
  process.exit(2);
}
const NOW = new Date('2026-11-21T12:00:00Z');
const catalog = loadCatalog();
const release = await readReleaseCorpus((values.release as string).replace(/\/+$/, ''));
const engineOf = async (keepTexts: boolean) => {
  const corpus = await buildCorpus(release.observations, catalog, { keepTexts });
  const engine = await createSearchEngine(corpus, catalog, { pageCache: false });
  await engine.warmUp();
  return engine;
};
const served = await engineOf(false);
const exact = await engineOf(true);

const ids = (page: SearchPage) => page.results.map((r) => r.id).join(' ');
const scores = (page: SearchPage) =>
  JSON.stringify([page.results.map((r) => r.match_score), page.interpretation.unverified_conditions ?? null]);

let total = 0;
let differ = 0;
let scoresDiffer = 0;
for (const file of (values.queries as string).split(',')) {
  const name = file.split('/').at(-1);
  for (const mode of (values.modes as string).split(',') as SearchMode[]) {
    let n = 0;
    let d = 0;
    let s = 0;
    for (const query of loadQueries(file)) {
      const body = {
        ...(query.q ? { query: query.q } : { preset: query.preset }),
        mode,
        limit: 24,
        ...(query.ward ? { ward: query.ward } : {}),
        ...(query.year_from !== undefined ? { year_from: query.year_from } : {}),
      };
      const [a, b] = [await served.search(body, NOW), await exact.search(body, NOW)];
      n++;
      if (ids(a) !== ids(b)) {
        d++;
        if (values.verbose) console.log(`results differ [${mode}] ${query.q ?? query.preset}`);
      } else if (scores(a) !== scores(b)) {
        s++;
        if (values.verbose) console.log(`scores differ [${mode}] ${query.q ?? query.preset}`);
      }
    }
    console.log(`${name} ${mode}: ${d} of ${n} first pages differ in results, ${s} more in scores only`);
    total += n;
    differ += d;
    scoresDiffer += s;
  }
}
console.log(`all: ${differ} of ${total} first pages differ in results, ${scoresDiffer} more in scores only`);
