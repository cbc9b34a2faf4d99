/**
 * npm run eval:search -- --release DIR [--modes jev,text] [--limit 24] [--json OUT] [--parts queries,heldout,observations]
 *
 * Scores the scenery search against the ground truth the demo generator writes beside a release
 * (DIR.ground-truth.ndjson.gz), per mode:
 *   queries       the hand-written test/search-eval/queries.yaml: precision@10, recall within the budget of one
 *                 request, latency percentiles;
 *   heldout       the held-out test/search-eval/queries-heldout.yaml: the same per query class, the AUC of
 *                 match_score, and the share of out-of-catalogue queries answered with an empty page and a warning;
 *   observations  the held-out test/search-eval/observations.yaml as a corpus of its own: category tagging
 *                 precision and recall, and each observation found by its categories' labels in a bbox around it.
 * Needs a demo release:
 *   node scripts/demo-release.ts --scenes 50000 --seed 1 --out /tmp/demo-50k
 */

import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { loadCatalog } from '../core/scenery-search/categories.ts';
import type { SearchMode } from '../core/scenery-search/request.ts';
import { evaluateObservations, loadObservations } from './eval-search/observations.ts';
import { type EvalContext, loadQueries, runQueries } from './eval-search/queries.ts';
import { openEvalEngine } from './eval-search/release.ts';
import { reportHeldout, reportQuerySet } from './eval-search/report.ts';

const evalFile = (name: string) => new URL(`../test/search-eval/${name}`, import.meta.url).pathname;
const { values } = parseArgs({
  options: {
    release: { type: 'string' },
    modes: { type: 'string', default: 'jev,text' },
    limit: { type: 'string', default: '24' },
    json: { type: 'string' },
    show: { type: 'string' },
    repeat: { type: 'string', default: '2' },
    parts: { type: 'string', default: 'queries,heldout,observations' },
    queries: { type: 'string', default: evalFile('queries.yaml') },
    heldout: { type: 'string', default: evalFile('queries-heldout.yaml') },
    observations: { type: 'string', default: evalFile('observations.yaml') },
  },
});
const parts = new Set((values.parts ?? '').split(','));
if (!values.release && (parts.has('queries') || parts.has('heldout'))) {
  process.stderr.write('usage: eval-search --release DIR [--modes jev,text] [--limit 24] [--json OUT] [--parts …]\n');
  process.exit(2);
}
const modes = (values.modes ?? 'jev,text').split(',') as SearchMode[];
const NOW = new Date('2026-11-21T12:00:00Z');
const catalog = loadCatalog();
const report: Record<string, unknown> = {};

if (parts.has('queries') || parts.has('heldout')) {
  process.stderr.write(`eval-search: reading ${values.release}\n`);
  const { releaseId, truth, corpus, engine } = await openEvalEngine(values.release as string, catalog);
  const ctx: EvalContext = { engine, corpus, truth, limit: Number(values.limit), now: NOW, show: values.show };
  Object.assign(report, {
    release: releaseId,
    observations: corpus.size,
    build_ms: Math.round(corpus.buildMs),
    load_average: loadavg().map((l) => Number(l.toFixed(2))),
  });
  console.log(`build ${report.build_ms} ms for ${corpus.size} observations; load average ${report.load_average}`);
  const repeat = Math.max(1, Number(values.repeat));
  if (parts.has('queries')) {
    const scored = await runQueries(ctx, loadQueries(values.queries as string), modes, repeat);
    report.modes = reportQuerySet(scored, modes);
    report.queries = scored;
  }
  if (parts.has('heldout')) {
    // Held-out queries are scored, not timed: one round is enough.
    const scored = await runQueries(ctx, loadQueries(values.heldout as string), modes, 1);
    report.heldout = reportHeldout(scored, modes);
    report.heldout_queries = scored;
  }
}
if (parts.has('observations')) {
  report.heldout_observations = await evaluateObservations(
    loadObservations(values.observations as string),
    catalog,
    modes,
    NOW,
  );
}
if (values.json) writeFileSync(values.json, `${JSON.stringify(report, null, 2)}\n`);
