/**
 * npm run eval:search -- --release DIR [--modes jev,text] [--limit 24] [--json OUT]
 *
 * Scores the scenery search on the hand-written queries of test/search-eval/queries.yaml against the ground truth
 * the demo generator writes beside a release (DIR.ground-truth.ndjson.gz): precision@10 and recall within the
 * budget of one request, per mode, with latency percentiles. Needs a demo release:
 *   node scripts/demo-release.ts --scenes 50000 --seed 1 --out /tmp/demo-50k
 */
import { createReadStream, readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { createGunzip } from 'node:zlib';
import { CORE_SCHEMA, load } from 'js-yaml';
import { loadCatalog } from '../core/scenery-search/categories.ts';
import { buildCorpus } from '../core/scenery-search/corpus.ts';
import { createSearchEngine, type SearchPage } from '../core/scenery-search/engine.ts';
import { compileFilter } from '../core/scenery-search/filters.ts';
import { readReleaseCorpus } from '../core/scenery-search/release-corpus.ts';
import type { SearchMode } from '../core/scenery-search/request.ts';

interface EvalQuery {
  q?: string;
  preset?: string;
  theme?: string;
  all?: string[];
  none?: string[];
  any?: string[];
  ward?: string;
  year_from?: number;
}

interface Truth {
  categories: Set<string>;
  /** What the served observation states (its generation's expressed categories). */
  expressed: Set<string>;
}

interface Scored {
  label: string;
  theme: string | null;
  mode: SearchMode;
  returned: number;
  precision10: number | null;
  recall: number | null;
  pool: number;
  ms: number;
  pageMode: string;
  conditions: string;
}

const { values } = parseArgs({
  options: {
    release: { type: 'string' },
    modes: { type: 'string', default: 'jev,text' },
    limit: { type: 'string', default: '24' },
    json: { type: 'string' },
    show: { type: 'string' },
    repeat: { type: 'string', default: '2' },
    queries: { type: 'string', default: new URL('../test/search-eval/queries.yaml', import.meta.url).pathname },
  },
});
if (!values.release) {
  process.stderr.write('usage: eval-search --release DIR [--modes jev,text] [--limit 24] [--json OUT]\n');
  process.exit(2);
}
const dir = values.release.replace(/\/+$/, '');
const limit = Number(values.limit);
const modes = (values.modes ?? 'jev,text').split(',') as SearchMode[];
const NOW = new Date('2026-11-21T12:00:00Z');

async function readTruth(path: string, servedGeneration: Map<string, string>): Promise<Map<string, Truth>> {
  const truth = new Map<string, Truth>();
  const lines = createInterface({ input: createReadStream(path).pipe(createGunzip()), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) continue;
    const row = JSON.parse(line) as { scene_id: string; categories: string[]; expressed: Record<string, string[]> };
    const generation = servedGeneration.get(row.scene_id);
    truth.set(row.scene_id, {
      categories: new Set(row.categories),
      expressed: new Set(generation ? (row.expressed[generation] ?? []) : []),
    });
  }
  return truth;
}

function isRelevant(query: EvalQuery, categories: Set<string>): boolean {
  if (query.any) return query.any.some((c) => categories.has(c));
  if (query.all && !query.all.every((c) => categories.has(c))) return false;
  return !(query.none ?? []).some((c) => categories.has(c));
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);

const queries = (load(readFileSync(values.queries ?? '', 'utf8'), { schema: CORE_SCHEMA }) as { queries: EvalQuery[] })
  .queries;
process.stderr.write(`eval-search: reading ${dir}\n`);
const { releaseId, observations } = await readReleaseCorpus(dir);
const served = new Map(observations.map((o) => [o.scene_id, o.generation.id ?? '']));
const truth = await readTruth(`${dir}.ground-truth.ndjson.gz`, served);
const catalog = loadCatalog();
const corpus = await buildCorpus(observations, catalog);
process.stderr.write(`eval-search: ${corpus.size} observations indexed in ${Math.round(corpus.buildMs)} ms\n`);
// Rounds repeat the same requests: each must be searched and timed, not answered from the page cache.
const engine = await createSearchEngine(corpus, catalog, { pageCache: false });
const truthByDoc = corpus.ids.toArray().map((id) => truth.get(id));
await engine.warmUp();

// Latency is measured warm: the query set runs `repeat - 1` times first (caches of folded observations and matchers
// fill as they would on a running server), and the last round is the one timed and scored.
const warmRounds = Math.max(0, Number(values.repeat) - 1);
for (let round = 0; round < warmRounds; round++) {
  for (const mode of modes) {
    for (const query of queries) {
      await engine.search({ ...(query.q ? { query: query.q } : { preset: query.preset ?? null }), mode, limit }, NOW);
    }
  }
}

const scored: Scored[] = [];
for (const mode of modes) {
  for (const query of queries) {
    const body = {
      ...(query.q ? { query: query.q } : { preset: query.preset ?? null }),
      mode,
      limit,
      ...(query.ward ? { ward: query.ward } : {}),
      ...(query.year_from !== undefined ? { year_from: query.year_from } : {}),
    };
    const started = performance.now();
    const page: SearchPage = await engine.search(body, NOW);
    const ms = performance.now() - started;
    const accept = compileFilter(corpus, page.applied_filters);
    let pool = 0;
    for (let doc = 0; doc < corpus.size; doc++) {
      const t = truthByDoc[doc];
      if (t && accept(doc) && isRelevant(query, t.categories) && isRelevant(query, t.expressed)) pool++;
    }
    const relevance = page.results.map((r) => isRelevant(query, truth.get(r.id)?.categories ?? new Set()));
    if (values.show && (query.q ?? `preset:${query.preset}`).includes(values.show)) {
      console.log(
        `\n[${mode}] ${query.q ?? query.preset} pool=${0} ${JSON.stringify(page.interpretation.conditions.map((c) => c.key))} ${page.mode} ${page.pagination.stop_reason}`,
      );
      page.results.forEach((r, i) => {
        const t = truth.get(r.id);
        console.log(
          `  ${relevance[i] ? 'OK ' : 'BAD'} ${r.match_score ?? '-'} ${JSON.stringify(r.match_probabilities)} truth=${[...(t?.categories ?? [])].join(',')}`,
        );
        for (const q of r.quotes) console.log(`      ${q.category_id ?? '-'}: ${q.text} (${q.source_pointer})`);
      });
    }
    const top = relevance.slice(0, 10);
    const hits = top.filter(Boolean).length;
    scored.push({
      label: query.q ?? `preset:${query.preset}`,
      theme: query.theme ?? query.preset ?? null,
      mode,
      returned: page.results.length,
      precision10: pool === 0 ? null : top.length === 0 ? 0 : hits / top.length,
      recall: pool === 0 ? null : relevance.filter(Boolean).length / Math.min(limit, pool),
      pool,
      ms,
      pageMode: page.mode,
      conditions:
        page.interpretation.conditions.map((c) => c.key).join(' ') ||
        `text:${page.interpretation.text_terms.join('|')}`,
    });
  }
}

const report: Record<string, unknown> = {
  release: releaseId,
  observations: corpus.size,
  build_ms: Math.round(corpus.buildMs),
  load_average: (await import('node:os')).loadavg().map((l) => Number(l.toFixed(2))),
  modes: {},
};
console.log(`build ${report.build_ms} ms for ${corpus.size} observations; load average ${report.load_average}`);
for (const mode of modes) {
  const rows = scored.filter((s) => s.mode === mode);
  const judged = rows.filter((s) => s.precision10 !== null);
  const themed = judged.filter((s) => s.theme !== null);
  const summary = {
    queries: rows.length,
    scored: judged.length,
    unanswerable: rows.length - judged.length,
    precision_at_10: Number(mean(judged.map((s) => s.precision10 as number)).toFixed(3)),
    recall_within_budget: Number(mean(judged.map((s) => s.recall as number)).toFixed(3)),
    preset_themed_precision_at_10: Number(mean(themed.map((s) => s.precision10 as number)).toFixed(3)),
    empty_pages: judged.filter((s) => s.returned === 0).length,
    latency_ms: {
      p50: Number(
        percentile(
          rows.map((s) => s.ms),
          0.5,
        ).toFixed(2),
      ),
      p90: Number(
        percentile(
          rows.map((s) => s.ms),
          0.9,
        ).toFixed(2),
      ),
    },
  };
  (report.modes as Record<string, unknown>)[mode] = summary;
  console.log(`\n== mode ${mode}: ${JSON.stringify(summary)}`);
  const worst = [...judged].sort((a, b) => (a.precision10 as number) - (b.precision10 as number)).slice(0, 12);
  for (const s of worst) {
    console.log(
      `  p@10 ${(s.precision10 as number).toFixed(2)} recall ${(s.recall as number).toFixed(2)} n=${s.returned} pool=${s.pool} [${s.pageMode}] ${s.label} → ${s.conditions}`,
    );
  }
}
if (values.json) writeFileSync(values.json, `${JSON.stringify({ ...report, queries: scored }, null, 2)}\n`);
